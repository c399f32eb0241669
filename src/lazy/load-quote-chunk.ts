// Fetches the quote chunk once per page by injecting its <script> (same origin and path as the
// bundle, so a strict CSP that allows the widget allows it; no eval, no blob). One cached
// promise, forgotten on failure so the next attempt loads again (loadScriptOnce).
import { loadScriptOnce } from "../payments/load-script.ts";
import { QUOTE_CHUNK_FILE, type QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";
import { chunkUrl } from "./chunk-url.ts";
import { registeredQuoteChunk } from "./shared-registry.ts";

/** The quote chunk, when its script has already run on this page. */
export const loadedQuoteChunk = registeredQuoteChunk;

export async function loadQuoteChunk(url: string = chunkUrl(QUOTE_CHUNK_FILE)): Promise<QuoteChunk> {
  await loadScriptOnce(url, () => loadedQuoteChunk() !== undefined);
  return loadedQuoteChunk()!;
}
