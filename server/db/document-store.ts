// A company's documents, versioned: each bot's configuration (the current one is the row of
// `companies` the widget reads) and the company's pricing document (`company_pricing`, which
// the pricing routes read). Every write goes through `replace`, the admin API's and the
// seed's alike, and records the new version in `document_versions` with who and when; the
// versions before it stay. Documents arrive validated (admin-documents.ts, the fixtures).
import { sql, type Kysely } from "kysely";
import type { Dialect } from "./migrations.ts";
import type { DocumentKind, Schema } from "./schema.ts";

/** Which document: a bot's configuration, or (botId "") the company's pricing. */
export interface DocumentRef {
  companyId: string;
  kind: DocumentKind;
  /** The bot of a configuration; "" for pricing. */
  botId: string;
}

export interface Author {
  /** "seed", or "token:<token id>". Never a token. */
  changedBy: string;
  label?: string | null;
}

export interface DocumentVersion {
  version: number;
  changedBy: string;
  label: string | null;
  changedAt: string;
}

export interface StoredDocument extends DocumentVersion {
  /** The document as JSON text. */
  body: string;
}

export interface DocumentStore {
  /** Makes `body` the current document and records it as the next version. */
  replace(ref: DocumentRef, body: string, author: Author): Promise<DocumentVersion & { created: boolean }>;
  /** The current document and its latest version (version 0: there from before migration 8). */
  current(ref: DocumentRef): Promise<StoredDocument | undefined>;
  /** Every version, newest first. */
  versions(ref: DocumentRef): Promise<DocumentVersion[]>;
  version(ref: DocumentRef, version: number): Promise<StoredDocument | undefined>;
  /** The company's current pricing document (what the pricing routes price with). */
  pricing(companyId: string): Promise<string | undefined>;
  /** The demo seed's reset: every configuration, pricing document, version and console draft removed. */
  clearAll(): Promise<void>;
}

const toVersion = (row: { version: number; changed_by: string; changed_by_label: string | null; changed_at: string }): DocumentVersion => ({
  version: Number(row.version),
  changedBy: row.changed_by,
  label: row.changed_by_label,
  changedAt: row.changed_at,
});

/** `db` may be a transaction: the store's calls then belong to it. */
export function createDocumentStore(db: Kysely<Schema>, dialect: Dialect, now: () => Date = () => new Date()): DocumentStore {
  const atomically = <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  // A writing transaction. On SQLite it takes the write lock at BEGIN (IMMEDIATE), waiting for
  // another process's writer (busy_timeout), rather than failing halfway through when a read
  // it made must turn into a write.
  const writing = <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> => {
    if (db.isTransaction || dialect !== "sqlite") return atomically(work);
    return db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      try {
        const result = await work(connection);
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(connection);
        throw error;
      }
    });
  };
  const versionsOf = (q: Kysely<Schema>, ref: DocumentRef) =>
    q
      .selectFrom("document_versions")
      .where("company_id", "=", ref.companyId)
      .where("kind", "=", ref.kind)
      .where("bot_id", "=", ref.botId);

  const readCurrent = async (q: Kysely<Schema>, ref: DocumentRef): Promise<string | undefined> => {
    if (ref.kind === "config") {
      const row = await q.selectFrom("companies").select("config").where("company_id", "=", ref.companyId).where("bot_id", "=", ref.botId).executeTakeFirst();
      return row?.config;
    }
    const row = await q.selectFrom("company_pricing").select("pricing").where("company_id", "=", ref.companyId).executeTakeFirst();
    return row?.pricing;
  };

  const write = async (trx: Kysely<Schema>, ref: DocumentRef, body: string, author: Author) => {
    // The write comes first: it takes the write lock (SQLite waits for it; PostgreSQL locks the
    // row), so the version number read next cannot be taken by another writer meanwhile.
    // An update keeps the row's place: the order of a company's bots is their insertion order.
    const updated =
      ref.kind === "config"
        ? await trx.updateTable("companies").set({ config: body }).where("company_id", "=", ref.companyId).where("bot_id", "=", ref.botId).executeTakeFirst()
        : await trx.updateTable("company_pricing").set({ pricing: body }).where("company_id", "=", ref.companyId).executeTakeFirst();
    const created = Number(updated.numUpdatedRows) === 0;
    if (created && ref.kind === "config") await trx.insertInto("companies").values({ company_id: ref.companyId, bot_id: ref.botId, config: body }).execute();
    if (created && ref.kind === "pricing") await trx.insertInto("company_pricing").values({ company_id: ref.companyId, pricing: body }).execute();
    const last = await versionsOf(trx, ref).select((eb) => eb.fn.max("version").as("last")).executeTakeFirst();
    const version = Number(last?.last ?? 0) + 1;
    const changedAt = now().toISOString();
    await trx
      .insertInto("document_versions")
      .values({
        company_id: ref.companyId,
        kind: ref.kind,
        bot_id: ref.botId,
        version,
        body,
        changed_by: author.changedBy,
        changed_by_label: author.label ?? null,
        changed_at: changedAt,
      })
      .execute();
    return { version, changedBy: author.changedBy, label: author.label ?? null, changedAt, created };
  };

  return {
    replace: async (ref, body, author) => {
      // Two PostgreSQL writers creating one document at once may pick the same version; the
      // primary key refuses the second, whose transaction is rolled back and tried again.
      for (let attempt = 1; ; attempt++) {
        try {
          return await writing((trx) => write(trx, ref, body, author));
        } catch (error) {
          if (db.isTransaction || attempt >= 5 || !/unique|duplicate/i.test(String(error))) throw error;
        }
      }
    },
    current: async (ref) => {
      const body = await readCurrent(db, ref);
      if (body === undefined) return undefined;
      const latest = await versionsOf(db, ref).select(["version", "changed_by", "changed_by_label", "changed_at"]).orderBy("version", "desc").limit(1).executeTakeFirst();
      return { body, ...(latest ? toVersion(latest) : { version: 0, changedBy: "unknown", label: null, changedAt: "" }) };
    },
    versions: async (ref) =>
      (await versionsOf(db, ref).select(["version", "changed_by", "changed_by_label", "changed_at"]).orderBy("version", "desc").execute()).map(toVersion),
    version: async (ref, version) => {
      const row = await versionsOf(db, ref)
        .select(["version", "body", "changed_by", "changed_by_label", "changed_at"])
        .where("version", "=", version)
        .executeTakeFirst();
      return row && { body: row.body, ...toVersion(row) };
    },
    pricing: (companyId) => readCurrent(db, { companyId, kind: "pricing", botId: "" }),
    clearAll: () =>
      atomically(async (trx) => {
        await trx.deleteFrom("companies").execute();
        await trx.deleteFrom("company_pricing").execute();
        await trx.deleteFrom("document_versions").execute();
        await trx.deleteFrom("bot_drafts").execute();
      }),
  };
}
