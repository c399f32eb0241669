// Script URLs through one Trusted Types policy, "quote-assistant", shared by the loader and the
// bundle: a page that requires Trusted Types allows it with `trusted-types quote-assistant`
// (no 'allow-duplicates': it is created once per page). Whichever file adds a script first
// creates it and keeps it under a hidden page-wide symbol; the other reuses it.
//
// Its rule: our own files (the directory of the widget script that created it), and what the
// bundle's script rule accepts: the payment providers' script hosts and, when the page opts in,
// this machine (src/payments/script-rule.ts). The bundle sets that rule once, in a
// non-writable slot, before it adds a script. The loader carries only the first half: every
// byte of it is paid by every visitor.

const POLICY_SLOT = Symbol.for("quote-assistant.trusted-types");
export const SCRIPT_RULE_SLOT = Symbol.for("quote-assistant.script-rule");

type Slots = Record<symbol, { createScriptURL(url: string): string } | ((url: string) => boolean) | undefined>;

/**
 * `url` as the page's script sinks accept it: a TrustedScriptURL (typed as string here) where
 * Trusted Types exist, else the string. Throws for a URL the rule refuses. On a page whose CSP
 * does not list our policy, the string (the page's default policy, if any, then decides).
 */
export const trustedScriptUrl = (url: string, widgetScript: string): string => {
  const types = (self as { trustedTypes?: { createPolicy(name: string, rules: object): never } }).trustedTypes;
  const slots = self as unknown as Slots;
  let policy = slots[POLICY_SLOT] as { createScriptURL(url: string): string } | undefined;
  if (!types) return url;
  if (!policy) {
    const directory = new URL(".", widgetScript).href;
    try {
      policy = types.createPolicy("quote-assistant", {
        createScriptURL: (candidate: string) => {
          const rule = slots[SCRIPT_RULE_SLOT] as ((url: string) => boolean) | undefined;
          if (candidate.startsWith(directory) || rule?.(candidate)) return candidate;
          throw new TypeError(candidate);
        },
      });
    } catch {
      return url;
    }
    Object.defineProperty(slots, POLICY_SLOT, { value: policy });
  }
  return policy!.createScriptURL(url);
};
