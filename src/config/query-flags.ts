// The query flags of SPEC §2 'Route', and the customer fields a host page may prefill.

export const CUSTOMER_FIELD_NAMES = [
  "customerName",
  "phonenumber",
  "customerEmail",
  "customerAddress",
  "customerZip",
  "customerCity",
  "customerState",
  "googlelocate",
] as const;

export type CustomerFieldName = (typeof CUSTOMER_FIELD_NAMES)[number];
export type CustomerFields = Partial<Record<CustomerFieldName, string>>;

export interface QueryFlags {
  preview: boolean;
  onboarding: boolean;
  cookiesDisabled: boolean;
  /** 'contactForm' means the contact details arrive prefilled. */
  source?: string;
  customer: CustomerFields;
}

const MAX_FIELD_LENGTH = 300;

/** A phone from the query loses spaces, brackets and dashes (SPEC §5). */
/**
 * A phone number's digits as people type them: `(614) 555-0199`, `614.555.0199`,
 * `+1 614 555 0199` and `614/555 0199` all give their digits. Letters stay, so that a number
 * with letters in it is still refused.
 */
export function stripPhone(raw: string): string {
  return raw.replace(/[\s()\-.+/]/g, "");
}

/**
 * What a phone field keeps of what was typed or pasted: everything, but no digit after the
 * `max`-th (SPEC §5 'input max length 11'), so '(614) 555-0123' stays as typed and a
 * twelfth digit is not taken (issue 27).
 */
export function capPhoneDigits(raw: string, max: number): string {
  let digits = 0;
  return raw.replace(/\d/g, (digit) => (++digits <= max ? digit : ""));
}

function isTrueFlag(params: URLSearchParams, name: string): boolean {
  if (!params.has(name)) return false;
  const value = params.get(name)!.toLowerCase();
  return value === "" || value === "true" || value === "1" || value === "yes";
}

/** Cleans customer fields from any untrusted source: the query, or the host page's prefill. */
export function cleanCustomerFields(raw: unknown): CustomerFields {
  const fields: CustomerFields = {};
  if (typeof raw !== "object" || raw === null) return fields;
  for (const name of CUSTOMER_FIELD_NAMES) {
    // Own properties only: a prototype must not smuggle fields in.
    if (!Object.hasOwn(raw, name)) continue;
    const value = (raw as Record<string, unknown>)[name];
    if (typeof value !== "string") continue;
    const trimmed = value.trim().slice(0, MAX_FIELD_LENGTH);
    if (!trimmed) continue;
    fields[name] = name === "phonenumber" ? stripPhone(trimmed) : trimmed;
  }
  return fields;
}

export function parseQueryFlags(search: string): QueryFlags {
  const params = new URLSearchParams(search);
  const source = params.get("source")?.trim();
  return {
    preview: isTrueFlag(params, "preview"),
    onboarding: isTrueFlag(params, "onboarding"),
    cookiesDisabled: isTrueFlag(params, "cookiesDisabled"),
    ...(source ? { source } : {}),
    customer: cleanCustomerFields(Object.fromEntries(params)),
  };
}

