// What the quote chunk (dist/quote-assistant-quote.js) hands the main bundle when it runs: the
// quote modal and its stylesheet. The bundle imports only its types and the file's name.
import type { ComponentType } from "react";
import type { QuoteModalProps } from "./quote-modal.tsx";

/** Its file, built next to dist/quote-assistant.js. */
export const QUOTE_CHUNK_FILE = "quote-assistant-quote.js";

export interface QuoteChunk {
  QuoteModal: ComponentType<QuoteModalProps>;
  /** The proposal's and checkout's CSS, adopted into the element's shadow root on arrival. */
  css: string;
}
