// Whether a quote has anything to charge: the one pricing rule the widget needs before the
// pricing engine (src/pricing/price-quote.ts, in the quote chunk) has arrived. The conversation
// decides 'your quote is ready' or 'No Services' from it while the proposal's file is on its way.
import type { PriceBlock } from "../contract/quote-services.ts";

/** A line the season still allows: listed lines that are tooLateToDo are shown, never charged. */
export function isChargeable(line: { tooLateToDo: boolean }): boolean {
  return !line.tooLateToDo;
}

/** A block with a line to charge under either term. */
export function hasChargeableLine(block: PriceBlock): boolean {
  return block.services.application.some(isChargeable) || block.services.prePay.some(isChargeable);
}

/** Whether priceQuote would price these blocks: a selected block with a chargeable line (else 'No Services'). */
export function hasPricedService(blocks: readonly PriceBlock[] | null): boolean {
  return !!blocks && blocks.some((block) => block.selected === true && hasChargeableLine(block));
}
