// The quote's state: programs, price blocks, tax, the plan, the modal; and the priced quote,
// derived by the pure pricing engine so the figures shown are always computed the same way.
// The engine comes with the quote chunk (dist/quote-assistant-quote.js), which most visitors,
// those who never reach a price, never load: until it has arrived there is no priced quote,
// and whether there is anything to price is src/pricing/chargeable.ts's rule.
import { atom } from "jotai/vanilla";
import type { ProgramType } from "../contract/program-types.ts";
import type { PriceBlock } from "../contract/quote-services.ts";
import { hasPricedService } from "../pricing/chargeable.ts";
import type { PricingEngine } from "../pricing/price-quote.ts";
import { pricingSettingsFor } from "../config/pricing-settings.ts";
import type { PricedQuote, PricedService, PricingSettings, Term } from "../pricing/types.ts";
import { configAtom } from "./atoms.ts";

export const programTypesAtom = atom<ProgramType[]>([]);
/** Upsell blocks only, alwaysOnTop first, each with the visitor's `selected` flag; null before the first price. */
export const priceBlocksAtom = atom<PriceBlock[] | null>(null);
/** Percent; null when unknown. */
export const taxPercentAtom = atom<number | null>(null);
/** The visitor's plan choice; null until they choose (then the default of SPEC §4 applies). */
export const chosenTermAtom = atom<Term | null>(null);
export const quoteModalOpenAtom = atom(false);
/** Prices are being fetched again: the modal keeps the last figures and says it is busy. */
export const pricesBusyAtom = atom(false);
export const convertedSaleAtom = atom(false);
/** The pricing engine, set when the quote chunk has arrived (src/ui/chat/quote-modal-host.tsx). */
export const pricingEngineAtom = atom<PricingEngine | null>(null);

export const pricingSettingsAtom = atom((get): PricingSettings | null => {
  const config = get(configAtom);
  if (!config) return null;
  return pricingSettingsFor(config, get(taxPercentAtom), get(chosenTermAtom));
});

export interface QuoteView {
  quote: PricedQuote;
  /** The services not selected, priced, for 'What else can we do for you?'. */
  addOns: PricedService[];
}

/**
 * The priced quote; null before prices, when nothing chargeable is selected ('No Services'), or
 * while the engine is on its way.
 */
export const quoteViewAtom = atom((get): QuoteView | null => {
  const blocks = get(priceBlocksAtom);
  const settings = get(pricingSettingsAtom);
  const engine = get(pricingEngineAtom);
  if (!blocks || !settings || !engine || !hasPricedService(blocks)) return null;
  const quote = engine.priceQuote(blocks, settings);
  const addOns = blocks.filter((b) => !b.selected).map((b) => engine.priceService(b, settings));
  return { quote, addOns };
});
