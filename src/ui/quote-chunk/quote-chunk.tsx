// Entry of dist/quote-assistant-quote.js, loaded only when a visitor's prices are on their way:
// registers the quote modal (proposal, checkout, payment adapters) and its CSS with the main
// bundle, whose React, libraries and shared modules it runs on (build.mjs links them).
import { registerChunk } from "../../lazy/shared-registry.ts";
import { QUOTE_CHUNK_NAME, type QuoteChunk } from "./quote-chunk-contract.ts";
import { QUOTE_CSS } from "./quote-css.ts";
import { QuoteModal } from "./quote-modal.tsx";

const chunk: QuoteChunk = { QuoteModal, css: QUOTE_CSS };
registerChunk(QUOTE_CHUNK_NAME, chunk);
