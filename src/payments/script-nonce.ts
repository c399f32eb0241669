// The nonce every script the widget adds carries (the quote chunk, Stripe.js, the card vault):
// the one the bundle's own <script> was given, by the page or by the loader (which passes on
// its own tag's). Read while the bundle's script runs, the only moment document.currentScript
// points at it; the `nonce` attribute is hidden after load, the property keeps it.
const script = typeof document === "undefined" ? null : document.currentScript;

export const scriptNonce: string = (script instanceof HTMLScriptElement && script.nonce) || "";

/** The bundle's own URL, for the Trusted Types policy's "our own files" rule. */
export const bundleScriptUrl: string = script instanceof HTMLScriptElement ? script.src : "";
