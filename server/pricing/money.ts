// Money in the demo's pricing tables: amounts are written in major units (45.5 dollars) and
// turned into integer minor units (4550 cents) before any sum, so no float is ever added.
// Only the demo companies' currencies are known here; the widget has the full table.

export interface DemoCurrency {
  /** Digits after the decimal point (ISO 4217). */
  digits: 0 | 2;
  /** The smallest amount a price may be, in minor units: 5 rappen for the Swiss franc. */
  step: number;
}

export const DEMO_CURRENCIES = {
  USD: { digits: 2, step: 1 },
  GBP: { digits: 2, step: 1 },
  CHF: { digits: 2, step: 5 },
  JPY: { digits: 0, step: 1 },
} as const satisfies Record<string, DemoCurrency>;

export type DemoCurrencyCode = keyof typeof DEMO_CURRENCIES;
export const DEMO_CURRENCY_CODES = Object.keys(DEMO_CURRENCIES) as DemoCurrencyCode[];

/** Integer minor units. */
export type Minor = number;

/**
 * 45.5 USD → 4550. undefined when the amount has more digits than the currency (45.555 USD,
 * 10.5 JPY) or is not a whole number of the currency's step (45.52 CHF).
 */
export function toMinor(amount: number, code: DemoCurrencyCode): Minor | undefined {
  const { digits, step } = DEMO_CURRENCIES[code];
  const scaled = amount * 10 ** digits;
  const minor = Math.round(scaled);
  // A decimal like 45.55 is not exact in binary; 45.55 * 100 lands within a hair of 4555.
  if (Math.abs(scaled - minor) > 1e-6 || minor % step !== 0) return undefined;
  return minor;
}

/** 4550 → 45.5: the JSON number sent on the wire (at most the currency's digits). */
export function toMajor(minor: Minor, code: DemoCurrencyCode): number {
  return minor / 10 ** DEMO_CURRENCIES[code].digits;
}
