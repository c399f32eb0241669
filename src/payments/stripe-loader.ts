// Stripe.js, loaded only when checkout opens (@stripe/stripe-js/pure loads nothing until
// asked). A company's settings may name a script to use in place of js.stripe.com (the demo's
// stand-in): it defines window.Stripe first, and loadStripe then uses it instead of injecting.
import { loadStripe } from "@stripe/stripe-js/pure";
import { loadScriptOnce } from "./load-script.ts";
import type { StripeLike } from "./stripe-subset.ts";

const hasStripe = () => typeof (window as { Stripe?: unknown }).Stripe === "function";

export async function loadStripeJs(publishableKey: string, scriptUrl?: string): Promise<StripeLike> {
  if (scriptUrl) await loadScriptOnce(scriptUrl, hasStripe);
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error("Stripe.js is not available here");
  // The real Stripe object implements more than this subset, with wider overloads.
  return stripe as unknown as StripeLike;
}
