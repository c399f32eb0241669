// The quotes' capabilities (issue 12, "Households stay apart"): POST /v1/quote/details answers
// only to the holder of a token issued for that quote. A token is 32 random bytes handed out
// once (at quote start, or with a quote the lookup or the previous-quote check found for the
// same household); the store keeps only its SHA-256, so a copy of the database opens nothing.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface QuoteTokenStore {
  /** A new token for the quote: returned once, stored as its hash. */
  issue(companyId: string, quoteId: string): Promise<string>;
  /** True when `token` was issued for this company's quote. */
  verify(companyId: string, quoteId: string, token: string | null | undefined): Promise<boolean>;
  /** The quote a start with this Idempotency-Key made, if one did (migration 12). */
  startedWith(companyId: string, idempotencyKey: string): Promise<string | undefined>;
  /** Remembers the quote a keyed start made; a second quote for the same key fails (primary key). */
  rememberStart(companyId: string, idempotencyKey: string, quoteId: string): Promise<void>;
}

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export function createQuoteTokenStore(db: Kysely<Schema>, now: () => Date = () => new Date()): QuoteTokenStore {
  return {
    issue: async (companyId, quoteId) => {
      const token = randomBytes(32).toString("base64url");
      await db
        .insertInto("quote_tokens")
        .values({ token_hash: hashToken(token), company_id: companyId, quote_id: quoteId, created_at: now().toISOString() })
        .execute();
      return token;
    },
    verify: async (companyId, quoteId, token) => {
      if (!token || token.length > 200) return false;
      const hash = hashToken(token);
      const row = await db
        .selectFrom("quote_tokens")
        .select(["token_hash", "company_id", "quote_id"])
        .where("token_hash", "=", hash)
        .executeTakeFirst();
      if (!row || row.company_id !== companyId || row.quote_id !== quoteId) return false;
      return timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash));
    },
    startedWith: async (companyId, idempotencyKey) =>
      (
        await db
          .selectFrom("quote_start_keys")
          .select("quote_id")
          .where("company_id", "=", companyId)
          .where("idempotency_key", "=", idempotencyKey)
          .executeTakeFirst()
      )?.quote_id,
    rememberStart: async (companyId, idempotencyKey, quoteId) => {
      await db
        .insertInto("quote_start_keys")
        .values({ company_id: companyId, idempotency_key: idempotencyKey, quote_id: quoteId, created_at: now().toISOString() })
        .execute();
    },
  };
}
