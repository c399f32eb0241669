// The quote chunk as React state for one element (use-lazy-chunk.ts): loading starts when it
// is wanted (prices on their way, or the modal open), its CSS is adopted into the element's
// shadow root before the modal first renders, and a failure is logged and reported so the view
// can offer a retry.
import type { QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";
import { loadedQuoteChunk, loadQuoteChunk } from "./load-quote-chunk.ts";
import { useLazyChunk, type ChunkWant, type LazyChunkState } from "./use-lazy-chunk.ts";

export type { ChunkWant };
export type QuoteChunkState = LazyChunkState<QuoteChunk>;

export function useQuoteChunk(want: ChunkWant, root: ShadowRoot | null, load: () => Promise<QuoteChunk> = loadQuoteChunk): QuoteChunkState {
  return useLazyChunk(want, root, loadedQuoteChunk, load, "the quote");
}
