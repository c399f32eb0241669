// Where the backend keeps its data when DATABASE_URL is not set: a SQLite file beside the
// server (the production entry and its CLIs). The demo keeps its own file (demo-site/.data/).
import { fileURLToPath } from "node:url";

export const DEFAULT_DB_FILE = fileURLToPath(new URL("../.data/serve.db", import.meta.url));
