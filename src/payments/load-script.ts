// Loads a provider's script once per page (the model: stripe-js's loader): one cached promise
// per URL, an existing <script> (another copy of the widget added it) waited for instead of a
// second one injected, and a failure forgotten, its tag removed, so the next checkout retries.
//
// Under a strict CSP: each tag carries the nonce the bundle was given, and its URL goes through
// the "quote-assistant" Trusted Types policy, which refuses anything but our own files and the
// providers' hosts (the promise then rejects; nothing is added).
import { trustedScriptUrl } from "../../loader/trusted-script-url.ts";
import { defineScriptRule } from "./script-rule.ts";
import { bundleScriptUrl, scriptNonce } from "./script-nonce.ts";

const loads = new Map<string, Promise<void>>();

export function loadScriptOnce(url: string, isLoaded: () => boolean, doc: Document = document): Promise<void> {
  if (isLoaded()) return Promise.resolve();
  const cached = loads.get(url);
  if (cached) return cached;
  let script = [...doc.querySelectorAll<HTMLScriptElement>("script[src]")].find((tag) => tag.src === url);
  const load = new Promise<void>((resolve, reject) => {
    if (!script) {
      defineScriptRule();
      const src = trustedScriptUrl(url, bundleScriptUrl || new URL("/dist/", location.href).href);
      script = doc.createElement("script");
      if (scriptNonce) script.nonce = scriptNonce;
      script.src = src;
      script.async = true;
      (doc.head ?? doc.body ?? doc.documentElement).appendChild(script);
    }
    script.addEventListener("load", () => (isLoaded() ? resolve() : reject(new Error(`${url} loaded but did not define its API`))));
    script.addEventListener("error", () => reject(new Error(`${url} failed to load`)));
  }).catch((error: unknown) => {
    loads.delete(url);
    script?.remove();
    throw error;
  });
  loads.set(url, load);
  return load;
}
