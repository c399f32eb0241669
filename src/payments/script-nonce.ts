// The nonce every script the widget adds carries (the quote chunk, Stripe.js, the card vault):
// the one the bundle's own <script> was given, by the page or by the loader (which passes on
// its own tag's). Read while the bundle's script runs, the only moment document.currentScript
// points at it; the `nonce` attribute is hidden after load, the property keeps it.
// Outside a page (the demo server imports the payment calls' schemas) there is no script.
const script = typeof document === "undefined" ? null : document.currentScript;
const ours = script !== null && script instanceof HTMLScriptElement ? script : null;

export const scriptNonce: string = ours?.nonce || "";

/** The bundle's own URL, for the Trusted Types policy's "our own files" rule. */
export const bundleScriptUrl: string = ours ? ours.src : "";
