// The quote chunk as React state for one element: loading starts when it is wanted (prices on
// their way, or the modal open), its CSS is adopted into the element's shadow root before the
// modal first renders, and a failure is logged and reported so the view can offer a retry.
import { useCallback, useEffect, useRef, useState } from "react";
import type { QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";
import { adoptLateStyles } from "../ui/styles.ts";
import { loadedQuoteChunk, loadQuoteChunk } from "./load-quote-chunk.ts";

/** Why the chunk is wanted: fetched ahead while prices are worked out, or needed now. */
export type ChunkWant = "ahead" | "now" | null;

export interface QuoteChunkState {
  chunk: QuoteChunk | undefined;
  /** The last attempt failed (and was logged). */
  failed: boolean;
  retry(): void;
}

export function useQuoteChunk(want: ChunkWant, root: ShadowRoot | null, load: () => Promise<QuoteChunk> = loadQuoteChunk): QuoteChunkState {
  const [state, setState] = useState(() => {
    const chunk = loadedQuoteChunk();
    if (chunk && root) adoptLateStyles(root, chunk.css);
    return { chunk, failed: false };
  });
  const [attempt, setAttempt] = useState(0);
  // Also set when this view had stopped waiting: a failed fetch ahead is not repeated ahead.
  const failedBefore = useRef(false);

  useEffect(() => {
    if (!want || state.chunk) return;
    // After a failure, the next try is when the quote is to open, or the visitor's retry.
    if (want === "ahead" && failedBefore.current) return;
    let live = true;
    setState((current) => (current.failed ? { chunk: undefined, failed: false } : current));
    load().then(
      (chunk) => {
        failedBefore.current = false;
        if (root) adoptLateStyles(root, chunk.css);
        if (live) setState({ chunk, failed: false });
      },
      (error: unknown) => {
        failedBefore.current = true;
        console.error("[quote-assistant] the quote could not be loaded", error);
        if (live) setState({ chunk: undefined, failed: true });
      },
    );
    return () => {
      live = false;
    };
    // A pending load is shared (loadQuoteChunk caches it): a new `want` only waits for it.
  }, [want, attempt, state.chunk, root, load]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { chunk: state.chunk, failed: state.failed, retry };
}
