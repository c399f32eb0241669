// What a currency is to the pricing (its digits, its smallest step, its sign) and the only ways
// money crosses the engine's edge: JSON numbers in, formatted text and payment amounts out.
// Digits and signs come from the browser's own currency data (Intl, CLDR) rather than a table
// of ours; two rules stay ours: amounts keep ISO 4217's minor units where CLDR's display drops
// them (ISO_DIGITS), and the Swiss franc is charged in steps of 0.05.
import { readDecimal } from "./decimal.ts";
import { roundRatioToStep } from "./rounding.ts";
import type { Money } from "./types.ts";

export interface Currency {
  code: string;
  /** Written before the amount in English ("$", "£", "CA$", "CHF"); one ending in a letter or a dot gets a space ("CHF 45.05"). */
  symbol: string;
  /** Minor-unit digits after the decimal point (ISO 4217): 0, 2 or 3. */
  digits: number;
  /** The smallest amount charged, in minor units: 1, or 5 for the Swiss franc (0.05). */
  rounding: number;
}

/**
 * ISO 4217's minor units where CLDR (and so Intl) writes none: prices and payments are in ISO's
 * units, the same in every browser and on the server, whatever CLDR version each one has.
 */
const ISO_DIGITS: Readonly<Record<string, number>> = {
  AFN: 2, ALL: 2, COP: 2, HUF: 2, IDR: 2, IQD: 3, IRR: 2, KPW: 2, LAK: 2, LBP: 2, MGA: 2, MMK: 2, PKR: 2, SOS: 2, SYP: 2, YER: 2,
};
/** Steps of ours: the Swiss franc is charged in 0.05. */
const STEPS: Readonly<Record<string, number>> = { CHF: 5 };

const known = new Map<string, Currency>();

/**
 * The currency of an ISO code, in any case. An unknown code (one Intl has no name for) prices
 * like USD under its own code: "$" and 2 digits.
 */
export function currencyOf(code: string): Currency {
  const key = code.trim().toUpperCase() || "USD";
  let currency = known.get(key);
  if (!currency) {
    currency = { code: key, symbol: "$", digits: 2, rounding: STEPS[key] ?? 1 };
    try {
      if (new Intl.DisplayNames("en", { type: "currency", fallback: "none" }).of(key)) {
        const format = new Intl.NumberFormat("en-US", { style: "currency", currency: key });
        currency.symbol = format.formatToParts(0).find((part) => part.type === "currency")?.value ?? key;
        currency.digits = ISO_DIGITS[key] ?? format.resolvedOptions().maximumFractionDigits ?? 2;
      }
    } catch {
      // Not a well-formed code ("US", "DOLLARS"): unknown.
    }
    known.set(key, Object.freeze(currency));
  }
  return currency;
}

/**
 * A JSON number in major units to exact minor units: read through its decimal string (1.005 is
 * 1.005, not 1.00499...), rounded half-up to the currency's digits and step (CHF 45.03 → 45.05).
 */
export function toMinorUnits(major: number, code: string): Money {
  const currency = currencyOf(code);
  const { numerator, denominator } = readDecimal(major);
  return roundRatioToStep(numerator * 10n ** BigInt(currency.digits), denominator, currency.rounding);
}

/** Minor units as the plain decimal a payment call sends: "45.50", "4550" (yen), "45.050" (dinar). */
export function toMajorString(minor: Money, code: string): string {
  const { whole, fraction, negative } = splitMinor(minor, currencyOf(code).digits);
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Minor units as shown: symbol, thousands separators, the currency's digits ("$1,234.50", "CHF 45.05", "¥4,550").
 * With a `locale` (a language other than English), as Intl writes that currency there
 * ("1234,50 €", "45,05 CHF"): the same exact amount and digits, given to Intl as a decimal string.
 */
export function formatMoney(minor: Money, code: string, locale?: string): string {
  const currency = currencyOf(code);
  const { whole, fraction, negative } = splitMinor(minor, currency.digits);
  if (locale) {
    try {
      const options = { style: "currency", currency: currency.code, currencyDisplay: "narrowSymbol", minimumFractionDigits: currency.digits, maximumFractionDigits: currency.digits } as const;
      return new Intl.NumberFormat(locale, options).format(`${negative ? "-" : ""}${whole}.${fraction || 0}` as unknown as number);
    } catch {
      // A code Intl does not know: written as in English below.
    }
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  const gap = /[\p{L}.]$/u.test(currency.symbol) ? " " : "";
  return `${negative ? "-" : ""}${currency.symbol}${gap}${grouped}${fraction ? `.${fraction}` : ""}`;
}

function splitMinor(minor: Money, digits: number): { whole: string; fraction: string; negative: boolean } {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`money must be an integer of minor units: ${minor}`);
  const text = Math.abs(minor).toString().padStart(digits + 1, "0");
  const cut = text.length - digits;
  return { whole: text.slice(0, cut), fraction: text.slice(cut), negative: minor < 0 };
}
