// What the quote chunk (dist/quote-assistant-quote.js) hands the main bundle when it runs: the
// quote modal, its stylesheet and the pricing engine. The bundle imports only its types and the file's name.
import type { ComponentType } from "react";
import type { PricingEngine } from "../../pricing/price-quote.ts";
import type { QuoteModalProps } from "./quote-modal.tsx";

/** Its file, built next to dist/quote-assistant.js. */
export const QUOTE_CHUNK_FILE = "quote-assistant-quote.js";

export interface QuoteChunk {
  QuoteModal: ComponentType<QuoteModalProps>;
  /** The proposal's and checkout's CSS, adopted into the element's shadow root on arrival. */
  css: string;
  /** The pricing engine: only visitors who reach a price run it (src/state/quote-atoms.ts). */
  pricing: PricingEngine;
}
