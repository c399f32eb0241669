// Request bodies the API tests share: a valid quote start for a new visitor, and the seeded
// demo customers of docs/api.md "Demo data".
import { randomBytes } from "node:crypto";
import type { DemoDatabase } from "../../../server/db/database.ts";
import { hashToken } from "../../../server/db/quote-token-store.ts";

export function newVisitorStart(overrides: { phoneNumber?: string; street?: string; postalCode?: string; quoteId?: string | null } = {}) {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    ...(overrides.quoteId === undefined ? {} : { quoteId: overrides.quoteId }),
    source: { code: "referral", description: "A friend or neighbor referred me" },
    referrer: "Jane Cooper",
    additionalSourceInfo: null,
    salesTaxRate: 7.5,
    customer: {
      firstName: "Kim",
      lastName: "Novak",
      phoneNumber: overrides.phoneNumber ?? "6145559001",
      email: "kim.novak@example.com",
      address: {
        street: overrides.street ?? "5565 Muirfield Drive",
        city: "Dublin",
        state: "OH",
        postalCode: overrides.postalCode ?? "43017",
        country: "US",
      },
    },
  };
}

/**
 * A token for any quote, written straight into the site's database (the way a lookup or a
 * quote start would issue one): for tests that read a quote back with POST /v1/quote/details.
 */
export function grantQuoteToken(db: DemoDatabase, quoteId: string, companyId = "greenway-lawn"): string {
  const token = randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO quote_tokens (token_hash, company_id, quote_id, created_at) VALUES (?, ?, ?, ?)").run(
    hashToken(token),
    companyId,
    quoteId,
    new Date().toISOString(),
  );
  return token;
}
