// What resuming a quote needs on the server (issue 14 §5, issue 12): the conversation the
// widget last saved for a quote (POST /v1/quote/conversation; the browser keeps no personal
// data, so this is where the transcript lives), and the secret resume links are signed with
// when RESUME_SECRET is not set: generated once, kept in the database so restarts and every
// server process share it, never logged.
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import * as v from "valibot";
import { ConversationSnapshotSchema, type ConversationSnapshot } from "../../src/contract/quote-resume.ts";
import type { Schema } from "./schema.ts";

export interface ResumeStore {
  /** Replaces the quote's saved conversation; false when the company has no such quote. */
  saveConversation(companyId: string, quoteId: string, conversation: ConversationSnapshot): Promise<boolean>;
  /** The quote's saved conversation; null when none was saved or it no longer reads. */
  findConversation(companyId: string, quoteId: string): Promise<ConversationSnapshot | null>;
  /** The named secret, created (32 random bytes) on first use; the same for every process. */
  secret(name: string): Promise<string>;
}

export function createResumeStore(db: Kysely<Schema>, now: () => Date = () => new Date()): ResumeStore {
  return {
    async saveConversation(companyId, quoteId, conversation) {
      const result = await db
        .updateTable("quotes")
        // A saved conversation is the visitor's activity: follow-ups count from it (issue 34).
        .set({ conversation: JSON.stringify(conversation), last_activity_at: now().toISOString(), follow_up_check_at: null })
        .where("company_id", "=", companyId)
        .where("id", "=", quoteId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async findConversation(companyId, quoteId) {
      const row = await db.selectFrom("quotes").select("conversation").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      if (!row?.conversation) return null;
      try {
        const parsed = v.safeParse(ConversationSnapshotSchema, JSON.parse(row.conversation));
        return parsed.success ? parsed.output : null;
      } catch {
        return null;
      }
    },
    async secret(name) {
      await db
        .insertInto("server_secrets")
        .values({ name, value: randomBytes(32).toString("base64url"), created_at: now().toISOString() })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const row = await db.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

/**
 * A signing key read once: `given` when set (an operator's RESUME_SECRET), else the database's
 * key called `name`, generated on its first read. A failed read is tried again next time.
 */
export function keptSecret(store: Pick<ResumeStore, "secret">, name: string, given?: string): () => Promise<string> {
  let secret: Promise<string> | undefined = given ? Promise.resolve(given) : undefined;
  return () => {
    secret ??= store.secret(name).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}
