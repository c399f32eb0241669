// The body of POST /v1/quote/start (SPEC §7), with the ad attribution the widget read when the
// chat first opened. Its own file: the reference backend validates with it, while the widget
// only builds the body, so the schema stays out of the widget's bundle (the type is enough).
import * as v from "valibot";
import { CLICK_ID_MAX, URL_MAX, UTM_MAX } from "../config/attribution.ts";
import { object, strictObject } from "../schema/object-schemas.ts";
import { CustomerSchema, MarketingAnswerSchema } from "./shared-schemas.ts";

/** The consent box's words are about 230 characters; room for a long company name. */
export const TEXT_CONSENT_TEXT_MAX = 600;

/** What an IANA time zone looks like: at most 64 characters ("America/Argentina/ComodRivadavia" is 32). */
const TIME_ZONE_SHAPE = /^[A-Za-z][\w+/-]{0,63}$/;

/** A time zone this runtime knows ("America/Chicago", "UTC"). */
export function isKnownTimeZone(zone: string): boolean {
  if (!TIME_ZONE_SHAPE.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const upTo = (max: number) => v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(max)));
const utm = upTo(UTM_MAX);
const clickId = v.optional(v.pipe(v.string(), v.maxLength(CLICK_ID_MAX), v.regex(/^[\w.~-]+$/)));
const page = v.optional(v.pipe(v.string(), v.maxLength(URL_MAX), v.regex(/^https?:\/\/[^\s?#]+$/)));

/** Where the visitor came from (src/config/attribution.ts): UTM tags, ad click ids, referrer, landing page. */
export const AttributionSchema = strictObject({
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
  gclid: clickId,
  gbraid: clickId,
  wbraid: clickId,
  fbclid: clickId,
  msclkid: clickId,
  referrer: page,
  landingPage: page,
});

export const QuoteStartBodySchema = object({
  companyId: v.pipe(v.string(), v.minLength(1)),
  botId: v.pipe(v.string(), v.minLength(1)),
  /** A quote found again locally (cookie or cache) for the same address: reuse it. */
  quoteId: v.optional(v.nullable(v.string())),
  /** The reused quote's token (issued with it): without it the visitor gets a fresh quote. */
  quoteToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  source: v.nullable(MarketingAnswerSchema),
  referrer: v.nullable(v.pipe(v.string(), v.maxLength(30))),
  additionalSourceInfo: v.nullable(v.pipe(v.string(), v.maxLength(300))),
  /** The company's serviceTax in percent, null when unknown: a finite number (1e400 parses as Infinity and is refused). */
  salesTaxRate: v.nullable(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
  customer: CustomerSchema,
  /** Optional: older widgets do not send it. */
  attribution: v.optional(v.nullable(AttributionSchema)),
  /**
   * The texts consent box (issue 34), when the phone's step showed it: ticked or not, the
   * version of its words and the words as shown, in the visitor's language.
   */
  textConsent: v.optional(
    strictObject({
      given: v.boolean(),
      version: v.pipe(v.string(), v.regex(/^[\w.-]{1,40}$/)),
      text: v.pipe(v.string(), v.minLength(1), v.maxLength(TEXT_CONSENT_TEXT_MAX)),
    }),
  ),
  /**
   * The visitor's IANA time zone ("America/New_York"), for the follow-ups' quiet hours. A
   * malformed one is refused; a well-formed one this server's runtime does not know (a zone
   * newer than its time zone data, a browser's "Etc/Unknown") is not kept, and the quote is:
   * a visitor never loses their quote over a time zone (server/api/quote-routes.ts).
   */
  timeZone: v.optional(v.pipe(v.string(), v.regex(TIME_ZONE_SHAPE, "must be an IANA time zone like America/Chicago"))),
});
export type QuoteStartBody = v.InferInput<typeof QuoteStartBodySchema>;
