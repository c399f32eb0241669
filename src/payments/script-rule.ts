// The bundle's half of the Trusted Types policy's rule (loader/trusted-script-url.ts): beyond
// the widget's own files, a script may come from a payment provider's host, or from this
// machine when the host page opted in to development origins. Set once per page, in a slot
// nothing can overwrite; its first setter wins, and ours only ever adds these hosts.
import { SCRIPT_RULE_SLOT } from "../../loader/trusted-script-url.ts";
import { PROVIDER_SCRIPT_URL } from "../config/safe-url.ts";
import { devOriginsAllowed } from "./dev-origins.ts";

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]/;

export function isProviderScriptUrl(url: string): boolean {
  return PROVIDER_SCRIPT_URL.test(url) || (LOOPBACK.test(url) && devOriginsAllowed());
}

export function defineScriptRule(): void {
  if (!Object.hasOwn(window, SCRIPT_RULE_SLOT)) Object.defineProperty(window, SCRIPT_RULE_SLOT, { value: isProviderScriptUrl });
}
