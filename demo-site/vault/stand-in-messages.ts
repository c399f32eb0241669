// Messages inside the stand-in card providers (the card vault and the Stripe stand-in): between
// the provider script on the host page and its field iframes, and between sibling field frames.
// The widget never sees these; it talks to the provider script's API (src/payments/vault-provider.ts,
// or Stripe's). Every postMessage names its target origin, and every receiver checks origin and source.
import * as v from "valibot";
// The provider scripts run on the host page, so their schemas must survive its prototypes too.
import { object, strictObject } from "../../src/schema/object-schemas.ts";

export const STAND_IN = "qa-card-stand-in";

export const PROVIDERS = ["vault", "stripe"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** vault: number and cvv (the expiry is the widget's own input); stripe: the three split elements. */
export const FIELDS = {
  vault: ["number", "cvv"],
  stripe: ["cardNumber", "cardExpiry", "cardCvc"],
} as const satisfies Record<Provider, readonly string[]>;
export type FieldName = (typeof FIELDS)[Provider][number];
export const ALL_FIELDS = ["number", "cvv", "cardNumber", "cardExpiry", "cardCvc"] as const;

const channel = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,40}$/));
const requestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,40}$/));

/** frame → provider script: a field's state (never its value). */
export const FieldStateMessageSchema = strictObject({
  standIn: v.literal(STAND_IN),
  type: v.literal("field"),
  channel,
  field: v.picklist(ALL_FIELDS),
  valid: v.boolean(),
  empty: v.boolean(),
  /** A message for the visitor when the typed value cannot be right (a bad number, a past expiry). */
  error: v.optional(v.string()),
});

export const FrameReadyMessageSchema = strictObject({
  standIn: v.literal(STAND_IN),
  type: v.literal("ready"),
  channel,
  field: v.picklist(ALL_FIELDS),
});

export const CardSummarySchema = object({
  brand: v.string(),
  last4: v.string(),
  exp_month: v.number(),
  exp_year: v.number(),
});

/** number frame → provider script: the answer to a tokenize request. */
export const FrameResultMessageSchema = strictObject({
  standIn: v.literal(STAND_IN),
  type: v.literal("result"),
  channel,
  requestId,
  result: v.variant("ok", [
    object({ ok: v.literal(true), token: v.string(), card: v.optional(CardSummarySchema) }),
    object({ ok: v.literal(false), message: v.string(), code: v.optional(v.string()) }),
  ]),
});

export const FrameMessageSchema = v.variant("type", [FieldStateMessageSchema, FrameReadyMessageSchema, FrameResultMessageSchema]);
export type FrameMessage = v.InferOutput<typeof FrameMessageSchema>;

/** provider script → number frame: tokenize the card (the vault passes the widget's expiry). */
export const TokenizeMessageSchema = strictObject({
  standIn: v.literal(STAND_IN),
  type: v.literal("tokenize"),
  channel,
  requestId,
  expiryMonth: v.optional(v.number()),
  expiryYear: v.optional(v.number()),
});
export type TokenizeMessage = v.InferOutput<typeof TokenizeMessageSchema>;

/** Sibling frames over a BroadcastChannel of the provider's origin: the number frame collects the other values. */
export type SiblingMessage = { type: "ask"; requestId: string } | { type: "answer"; requestId: string; field: FieldName; value: string };

export function randomId(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** A field frame's URL. */
export function fieldFrameUrl(
  providerOrigin: string,
  options: { provider: Provider; field: FieldName; channel: string; parentOrigin: string; params?: Record<string, string> },
): string {
  const url = new URL(`/fields/${options.provider}/${options.field}`, providerOrigin);
  url.searchParams.set("channel", options.channel);
  url.searchParams.set("parent", options.parentOrigin);
  for (const [name, value] of Object.entries(options.params ?? {})) url.searchParams.set(name, value);
  return url.href;
}
