// The console builder's drafts (issue 25): one per bot, the configuration a staff member is
// editing, kept apart from the live one (the `companies` row the widget reads) until an owner
// publishes it through the document store. Saved only when valid (bot-routes.ts).
import type { Kysely } from "kysely";
import type { Schema } from "../db/schema.ts";

export interface BotDraft {
  body: string;
  savedBy: string;
  savedAt: string;
}

export interface BotDraftStore {
  find(companyId: string, botId: string): Promise<BotDraft | undefined>;
  save(companyId: string, botId: string, draft: BotDraft): Promise<void>;
  /** Drops the draft (published, restored over, or discarded). */
  remove(companyId: string, botId: string): Promise<void>;
}

export function createBotDraftStore(db: Kysely<Schema>): BotDraftStore {
  return {
    find: async (companyId, botId) => {
      const row = await db.selectFrom("bot_drafts").select(["body", "saved_by", "saved_at"]).where("company_id", "=", companyId).where("bot_id", "=", botId).executeTakeFirst();
      return row && { body: row.body, savedBy: row.saved_by, savedAt: row.saved_at };
    },
    save: async (companyId, botId, draft) => {
      await db
        .insertInto("bot_drafts")
        .values({ company_id: companyId, bot_id: botId, body: draft.body, saved_by: draft.savedBy, saved_at: draft.savedAt })
        .onConflict((oc) => oc.columns(["company_id", "bot_id"]).doUpdateSet({ body: draft.body, saved_by: draft.savedBy, saved_at: draft.savedAt }))
        .execute();
    },
    remove: async (companyId, botId) => {
      await db.deleteFrom("bot_drafts").where("company_id", "=", companyId).where("bot_id", "=", botId).execute();
    },
  };
}
