// Stripe.js, loaded only when checkout opens (@stripe/stripe-js/pure loads nothing until
// asked). Our loader adds the script (js.stripe.com, or the demo's stand-in where the page
// allows development origins) and defines window.Stripe; loadStripe then uses it instead of
// injecting a tag of its own.
import { loadStripe } from "@stripe/stripe-js/pure";
import type { StripeLike } from "./stripe-subset.ts";
import { loadScriptOnce } from "./shared-core.ts";

const hasStripe = () => typeof (window as { Stripe?: unknown }).Stripe === "function";

/**
 * The Stripe.js @stripe/stripe-js expects (its RELEASE_TRAIN). We load it ourselves: loadStripe
 * would inject its own tag, without the page's nonce and past our Trusted Types policy.
 */
export const STRIPE_JS_URL = "https://js.stripe.com/endive/stripe.js";

export async function loadStripeJs(publishableKey: string, scriptUrl: string = STRIPE_JS_URL): Promise<StripeLike> {
  await loadScriptOnce(scriptUrl, hasStripe);
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available here");
  // The real Stripe object implements more than this subset, with wider overloads.
  return stripe as unknown as StripeLike;
}
