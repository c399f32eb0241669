// The company's phone as its customers write it, and as a tap-to-call link that works from
// abroad (E.164). The company's country comes from its currency (the configuration has no
// country): USD and CAD numbers are North American, GBP British, CHF Swiss, JPY Japanese. Any
// other currency, or a number that does not fit its country's plan, is shown as written.

export type PhoneCountry = "NANP" | "GB" | "CH" | "JP";

const COUNTRY_OF_CURRENCY: Record<string, PhoneCountry> = { USD: "NANP", CAD: "NANP", GBP: "GB", CHF: "CH", JPY: "JP" };
const CALLING_CODE: Record<PhoneCountry, string> = { NANP: "1", GB: "44", CH: "41", JP: "81" };

/** The country of a currency's phone numbers; null where the currency tells none (EUR). */
export function phoneCountryOf(currency: string | undefined): PhoneCountry | null {
  return (currency && COUNTRY_OF_CURRENCY[currency.toUpperCase()]) || null;
}

/** Digit groups of a national number (with its trunk 0 where the country has one), or null. */
function groups(national: string, country: PhoneCountry): number[] | null {
  switch (country) {
    case "NANP":
      return national.length === 10 ? [3, 3, 4] : null;
    case "GB":
      if (national.length !== 11 || !national.startsWith("0")) return null;
      if (national.startsWith("02")) return [3, 4, 4]; // 020 7946 0321
      if (/^0[389]/.test(national)) return [4, 3, 4]; // 0800 123 4567
      return [5, 6]; // 01632 960123, 07700 900123
    case "CH":
      return national.length === 10 && national.startsWith("0") ? [3, 3, 2, 2] : null; // 044 555 01 99
    case "JP":
      if (!national.startsWith("0")) return null;
      if (national.length === 11) return [3, 4, 4]; // 090-1234-5678
      if (national.length !== 10) return null;
      return /^0[36]/.test(national) ? [2, 4, 4] : [3, 3, 4]; // 03-1234-5678, 045-555-0199
  }
}

/** The national number of `raw` for `country`, from a national or an international form. */
function nationalDigits(raw: string, country: PhoneCountry): string | null {
  if (/[^\d\s()+./-]/.test(raw)) return null;
  const digits = raw.replace(/\D/g, "");
  const code = CALLING_CODE[country];
  const international = raw.trim().startsWith("+") || (country === "NANP" && digits.length === 11);
  if (international) {
    if (!digits.startsWith(code)) return null;
    const rest = digits.slice(code.length);
    return country === "NANP" ? rest : `0${rest}`;
  }
  return digits;
}

function split(digits: string, sizes: number[]): string[] {
  let at = 0;
  return sizes.map((size) => digits.slice(at, (at += size)));
}

/** "(614) 555-0100", "020 7946 0321", "044 555 01 99", "03-1234-5678"; otherwise as written. */
export function formatPhone(raw: string, country: PhoneCountry | null = "NANP"): string {
  const national = country && nationalDigits(raw, country);
  const sizes = national && country ? groups(national, country) : null;
  if (!national || !sizes || !country) return raw.trim();
  const parts = split(national, sizes);
  if (country === "NANP") return `(${parts[0]}) ${parts[1]}-${parts[2]}`;
  return parts.join(country === "JP" ? "-" : " ");
}

/** The href of a call button: E.164 where the country is known, else digits and a leading plus. */
export function telHref(raw: string, country: PhoneCountry | null = null): string | null {
  const national = country && nationalDigits(raw, country);
  if (country && national && groups(national, country)) {
    return `tel:+${CALLING_CODE[country]}${country === "NANP" ? national : national.slice(1)}`;
  }
  const number = raw.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  return /\d{3,}/.test(number) ? `tel:${number}` : null;
}

/** The company's phone as a call link ("(614) 555-0100", "tel:+16145550100"), or null without one. */
export function phoneLink(raw: string | undefined, currency?: string): { text: string; href: string } | null {
  if (!raw?.trim()) return null;
  const country = currency === undefined ? "NANP" : phoneCountryOf(currency);
  const href = telHref(raw, country);
  return href ? { text: formatPhone(raw, country), href } : null;
}
