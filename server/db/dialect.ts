/** The two databases the stores run on; the URL decides (database.ts). */
export type Dialect = "sqlite" | "postgres";
