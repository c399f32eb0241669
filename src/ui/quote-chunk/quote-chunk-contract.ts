// What the quote chunk (dist/quote-assistant-quote.js) hands the main bundle when it runs: the
// quote modal and its stylesheet. Both sides import this; the bundle only its types and names.
import type { ComponentType } from "react";
import type { QuoteModalProps } from "./quote-modal.tsx";

/** The name the chunk registers under (src/lazy/shared-registry.ts). */
export const QUOTE_CHUNK_NAME = "quote";
/** Its file, built next to dist/quote-assistant.js. */
export const QUOTE_CHUNK_FILE = "quote-assistant-quote.js";

export interface QuoteChunk {
  QuoteModal: ComponentType<QuoteModalProps>;
  /** The proposal's and checkout's CSS, adopted into the element's shadow root on arrival. */
  css: string;
}
