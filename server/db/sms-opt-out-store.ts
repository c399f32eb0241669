// Phones opted out of texts (issue 34): a reply of STOP (or another opt-out word) to our
// Twilio number lists the phone; START (or another opt-in word) removes it. The follow-up
// sender asks isOptedOut before each text, so a homeowner who said STOP gets none, from any
// company (Twilio's own block is per sender number; ours is per phone). Phones are E.164.
import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface SmsOptOutStore {
  /** Lists the phone from `at`; a phone already listed keeps its first time. */
  optOut(phone: string, at: Date): Promise<void>;
  /** Removes the phone from the list (nothing when it is not listed). */
  optIn(phone: string): Promise<void>;
  isOptedOut(phone: string): Promise<boolean>;
  /** When the phone opted out, ISO, or undefined when it has not. */
  optedOutAt(phone: string): Promise<string | undefined>;
}

export function createSmsOptOutStore(db: Kysely<Schema>): SmsOptOutStore {
  const optedOutAt = async (phone: string) =>
    (await db.selectFrom("sms_opt_outs").select("opted_out_at").where("phone", "=", phone).executeTakeFirst())?.opted_out_at;
  return {
    async optOut(phone, at) {
      await db
        .insertInto("sms_opt_outs")
        .values({ phone, opted_out_at: at.toISOString() })
        .onConflict((oc) => oc.column("phone").doNothing())
        .execute();
    },
    async optIn(phone) {
      await db.deleteFrom("sms_opt_outs").where("phone", "=", phone).execute();
    },
    isOptedOut: async (phone) => (await optedOutAt(phone)) !== undefined,
    optedOutAt,
  };
}
