import { v, strictObject } from "./shared-core.ts";
// The messages between the widget and the CRM's payment frame (SPEC §7: for real-green, the
// card form embeds the CRM's payment frame when a crm id and a payment token exist). Typed
// and documented here; the demo's stand-in frame speaks them too. Received only through
// src/bridge/frame-bridge.ts (exact origin, the frame's own window, this schema).
//
// | message              | from → to      | when                                        | receiver's action                    |
// |----------------------|----------------|---------------------------------------------|--------------------------------------|
// | crm-payment:ready    | frame → widget | the frame's fields are ready                | show the form as ready               |
// | crm-payment:state    | frame → widget | a field changed: is the card complete?      | enable or disable the pay button     |
// | crm-payment:submit   | widget → frame | the visitor pressed pay                     | tokenize the card in the frame       |
// | crm-payment:token    | frame → widget | the card was tokenized                      | POST /v1/secure/payment with token   |
// | crm-payment:error    | frame → widget | the frame could not tokenize (or no session)| show the text under the form         |
//
// The frame is opened at `{frameUrl}?token=…&id=…&parent={origin}` and posts to `parent`
// only; it takes crm-payment:submit only from its parent window at that origin.

const requestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/));

export const CrmReadySchema = strictObject({ type: v.literal("crm-payment:ready"), version: v.literal(1) });

export const CrmStateSchema = strictObject({
  type: v.literal("crm-payment:state"),
  version: v.literal(1),
  /** Number, expiry (not expired) and cvv all complete. */
  valid: v.boolean(),
});

export const CrmTokenSchema = strictObject({
  type: v.literal("crm-payment:token"),
  version: v.literal(1),
  requestId,
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{8,100}$/)),
  expireMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expireYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
});

export const CrmErrorSchema = strictObject({
  type: v.literal("crm-payment:error"),
  version: v.literal(1),
  /** Absent when the error is not an answer to a submit (an expired session on load). */
  requestId: v.optional(requestId),
  message: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
});

export const CrmFrameMessageSchema = v.variant("type", [CrmReadySchema, CrmStateSchema, CrmTokenSchema, CrmErrorSchema]);
export type CrmFrameMessage = v.InferOutput<typeof CrmFrameMessageSchema>;

export const CrmSubmitSchema = strictObject({ type: v.literal("crm-payment:submit"), version: v.literal(1), requestId });
export type CrmSubmit = v.InferOutput<typeof CrmSubmitSchema>;

/** The frame's URL for one payment session; the frame learns where to answer from `parent`. */
export function crmPaymentFrameUrl(frameUrl: string, options: { token: string; id: string; parentOrigin: string }): string {
  const url = new URL(frameUrl);
  url.searchParams.set("token", options.token);
  url.searchParams.set("id", options.id);
  url.searchParams.set("parent", options.parentOrigin);
  return url.href;
}
