// Entry of dist/quote-assistant-quote.js, loaded only when a visitor's prices are on their way:
// hands the quote modal (proposal, checkout, payment adapters), its CSS and the pricing engine to the widget
// bundle, whose React, libraries and shared modules it runs on (src/lazy/shared-with-chunks.ts).
import { buildId } from "quote-assistant:build";
import { registerQuoteChunk } from "../../lazy/shared-registry.ts";
import { priceQuote, priceService } from "../../pricing/price-quote.ts";
import type { QuoteChunk } from "./quote-chunk-contract.ts";
import { QUOTE_CSS } from "./quote-css.ts";
import { QuoteModal } from "./quote-modal.tsx";

const chunk: QuoteChunk = { QuoteModal, css: QUOTE_CSS, pricing: { priceQuote, priceService } };
registerQuoteChunk(buildId, chunk);
