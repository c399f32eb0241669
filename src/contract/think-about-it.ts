// POST /v1/company/{companyId}/{botId}/thinkaboutit (SPEC §7): the visitor chose 'I NEED TO
// THINK ABOUT IT'; the company gets a lead to follow up. Sent 1 s after the comments (SPEC §9).
// A company whose crmLeadSolution is sales-center (SPEC §1, §3) gets the same lead through
// POST /v1/sales-center/lead instead, with the company and bot in the body (docs/api.md).
import * as v from "valibot";
import { strictObject } from "../schema/object-schemas.ts";
import { OkSchema } from "./quote-record.ts";

export const OBJECTION_REASONS = ["Price", "Product", "People"] as const;

export const ThinkAboutItBodySchema = strictObject({
  /** The quote (chat) id. */
  chatId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  /** real-green: the customer's id in the CRM. */
  rg_cust_id: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  /** Why the visitor hesitates (SPEC §2 step 14). Not in SPEC §7's list; optional. */
  reason: v.optional(v.picklist(OBJECTION_REASONS)),
  /** The visitor's optional comments. */
  comments: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000))),
});
export type ThinkAboutItBody = v.InferOutput<typeof ThinkAboutItBodySchema>;

const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
/** The body of POST /v1/sales-center/lead: the thinkaboutit body with the company and bot its path would name. */
export const SalesCenterLeadBodySchema = strictObject({ companyId: id, botId: id, ...ThinkAboutItBodySchema.entries });
