// Money is decided by the server (docs/api.md "Payment"): what a payment may charge, recomputed
// from the quote's stored prices with the widget's own pure pricing engine (src/pricing) and
// payment body builder (src/contract/payment-body.ts), and the processor the company's
// configuration names. A payment body that disagrees is refused before anything is stored.
import { isDeepStrictEqual } from "node:util";
import { taxFractionToPercent } from "../../src/contract/tax.ts";
import type { PaymentBody } from "../../src/contract/payment-contract.ts";
import { processorOf, type PaymentMethod } from "../../src/contract/payment-processors.ts";
import type { CompanyConfig } from "../../src/config/company-config.ts";
import { chooseProcessor } from "../../src/config/payment-providers.ts";
import { taxPercentFor } from "../../src/config/tax-rate.ts";
import { buildPaymentBody } from "../../src/contract/payment-body.ts";
import { toMajorString } from "../../src/pricing/currency.ts";
import { priceQuote } from "../../src/pricing/price-quote.ts";
import { defaultTerm, pricingSettingsFor } from "../../src/config/pricing-settings.ts";
import type { PricingSettings, Term } from "../../src/pricing/types.ts";
import type { StoredPricing } from "../db/quote-store.ts";
import { UNKNOWN_TAX } from "../pricing/tax-rates.ts";

/** The code of a 409 whose cure is reloading the prices (the widget does, then tells the visitor). */
export const QUOTE_CHANGED = "quote_changed";

export type AmountCheck =
  | { ok: true; amountMinor: number }
  | { ok: false; status: 400 | 409; message: string; code?: typeof QUOTE_CHANGED };

/** The payment methods a company's configuration allows, per endpoint. */
export function allowedMethods(config: CompanyConfig, endpoint: "secure" | "device"): readonly PaymentMethod[] {
  const processor = processorOf(chooseProcessor(config));
  if (endpoint === "device") return processor.wallet ? [processor.wallet] : [];
  return [processor.kind];
}

/**
 * The company's tax for the priced address, as the widget works it out (taxPercentFor, with
 * GET /v1/tax's answer): `taxRate` is that answer for the stored postal code (the imported
 * table's rate, or UNKNOWN_TAX), looked up by the caller with the same findTaxRate.
 */
export function taxPercentOf(config: CompanyConfig, pricing: StoredPricing, taxRate: number): number | null {
  const lookedUp = !config.lookupZipCodeTax || taxRate === UNKNOWN_TAX ? undefined : taxFractionToPercent(taxRate);
  return taxPercentFor(config, pricing.postalCode, lookedUp);
}

const settingsOf = (config: CompanyConfig, pricing: StoredPricing, term: Term, taxRate: number): PricingSettings =>
  pricingSettingsFor(config, taxPercentOf(config, pricing, taxRate), term);

/** As JSON carries it: an optional key left undefined and one left out are the same. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

type Refusal = Extract<AmountCheck, { ok: false }>;
const changed = (message: string): Refusal => ({ ok: false, status: 409, code: QUOTE_CHANGED, message });

/**
 * What `body` may charge: the stored blocks the visitor was shown, with the programs the body
 * names selected, under the body's term, priced by src/pricing. The body must name the same
 * programs, term, amount and program figures the engine gives; otherwise 409.
 */
export function checkAmount(config: CompanyConfig, pricing: StoredPricing | undefined, body: PaymentBody, taxRate: number): AmountCheck {
  const priced = priceChosen(config, pricing, body.term, body.programs.map((program) => program.id), taxRate);
  if (!priced.ok) return priced;
  const { quote } = priced;
  const expected = buildPaymentBody(quote, {
    companyId: body.companyId,
    botId: body.botId,
    quoteId: body.quoteId,
    paymentMethod: body.paymentMethod,
    token: body.paymentInfo.token,
    expiry: { month: body.expire_month, year: body.expire_year },
  });
  if (expected.amount !== body.amount) {
    return changed(`The quote's prices have changed: GET STARTED TODAY is ${expected.amount} ${quote.currency}, not ${body.amount}`);
  }
  if (!isDeepStrictEqual(plain(expected.programs), plain(body.programs))) return changed("The quote's prices have changed: the programs differ from the quote");
  return { ok: true, amountMinor: quote.amountDueToday };
}

/**
 * What GET STARTED TODAY is for these programs of the stored quote under this term (a Real
 * Green payment session is opened for it): `amount` must be it, as the widget shows it.
 */
export function checkAmountDue(config: CompanyConfig, pricing: StoredPricing | undefined, term: Term, programIds: readonly string[], amount: string, taxRate: number): AmountCheck {
  const priced = priceChosen(config, pricing, term, programIds, taxRate);
  if (!priced.ok) return priced;
  const due = toMajorString(priced.quote.amountDueToday, priced.quote.currency);
  if (due !== amount) return changed(`The quote's prices have changed: GET STARTED TODAY is ${due} ${priced.quote.currency}, not ${amount}`);
  return { ok: true, amountMinor: priced.quote.amountDueToday };
}

/** The stored blocks the visitor was shown, with `programIds` selected, priced by src/pricing under `term` (also the console's price calculator). */
export function priceChosen(
  config: CompanyConfig,
  pricing: StoredPricing | undefined,
  term: Term,
  programIds: readonly string[],
  taxRate: number,
): { ok: true; quote: ReturnType<typeof priceQuote> } | Refusal {
  if (!pricing) return changed("This quote has not been priced: reload the prices before paying");
  // The chat offers upsell blocks only, alwaysOnTop first (src/state/quote-session.ts arrangeBlocks).
  const upsells = pricing.blocks.filter((block) => block.isUpsell);
  const ordered = [...upsells.filter((block) => block.alwaysOnTop), ...upsells.filter((block) => !block.alwaysOnTop)];
  const chosen = new Set(programIds);
  const known = new Set(ordered.map((block) => block.id));
  const unknown = [...chosen].find((id) => !known.has(id));
  if (unknown !== undefined) return changed(`The quote's prices have changed: program "${unknown}" is not on it`);
  let quote;
  try {
    quote = priceQuote(
      ordered.map((block) => ({ ...block, selected: chosen.has(block.id) })),
      settingsOf(config, pricing, term, taxRate),
    );
  } catch {
    return changed("This quote has nothing to charge: reload the prices before paying");
  }
  if (quote.totals.term !== term) return changed(`The quote's prices have changed: this company does not offer the "${term}" term`);
  return { ok: true, quote };
}

/**
 * GET STARTED TODAY as the visitor was first shown it (the console's inbox and alerts): the
 * stored blocks of the service types the visitor chose (else the blocks' own selection, else
 * the first offered block), under the company's default term. Undefined when the quote was
 * never priced or prices nothing.
 */
export function shownAmount(
  config: CompanyConfig,
  pricing: StoredPricing | undefined,
  serviceTypes: readonly string[],
  taxRate: number,
): { amount: string; currency: string } | undefined {
  if (!pricing) return undefined;
  const upsells = pricing.blocks.filter((block) => block.isUpsell);
  const ordered = [...upsells.filter((block) => block.alwaysOnTop), ...upsells.filter((block) => !block.alwaysOnTop)];
  const wanted = ordered.filter((block) => serviceTypes.includes(block.serviceType)).map((block) => block.id);
  const selected = wanted.length > 0 ? wanted : ordered.filter((block) => block.selected).map((block) => block.id);
  const chosen = selected.length > 0 ? selected : ordered.slice(0, 1).map((block) => block.id);
  if (chosen.length === 0) return undefined;
  const priced = priceChosen(config, pricing, defaultTerm(config), chosen, taxRate);
  return priced.ok ? { amount: toMajorString(priced.quote.amountDueToday, priced.quote.currency), currency: priced.quote.currency } : undefined;
}
