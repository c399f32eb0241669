// A lazily loaded chunk (the quote modal's, the calendar's) as React state for one element:
// loading starts when it is wanted (ahead of time, or needed now), its CSS is adopted into the
// element's shadow root before its piece first renders, and a failure is logged and reported
// so the view can offer a retry.
import { useCallback, useEffect, useRef, useState } from "react";
import { adoptLateStyles } from "../ui/styles.ts";

/** Why the chunk is wanted: fetched ahead of the step that shows it, or needed now. */
export type ChunkWant = "ahead" | "now" | null;

export interface LazyChunkState<Chunk> {
  chunk: Chunk | undefined;
  /** The last attempt failed (and was logged). */
  failed: boolean;
  retry(): void;
}

/** `loaded`: the chunk when its script has already run; `load`: one shared, retried-on-failure fetch; `what`: for the log. */
export function useLazyChunk<Chunk extends { css: string }>(
  want: ChunkWant,
  root: ShadowRoot | null,
  loaded: () => Chunk | undefined,
  load: () => Promise<Chunk>,
  what: string,
): LazyChunkState<Chunk> {
  const [state, setState] = useState(() => {
    const chunk = loaded();
    if (chunk && root) adoptLateStyles(root, chunk.css);
    return { chunk, failed: false };
  });
  const [attempt, setAttempt] = useState(0);
  // Also set when this view had stopped waiting: a failed fetch ahead is not repeated ahead.
  const failedBefore = useRef(false);

  useEffect(() => {
    if (!want || state.chunk) return;
    // After a failure, the next try is when the piece is needed, or the visitor's retry.
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
        console.error(`[quote-assistant] ${what} could not be loaded`, error);
        if (live) setState({ chunk: undefined, failed: true });
      },
    );
    return () => {
      live = false;
    };
    // A pending load is shared (loadScriptOnce caches it): a new `want` only waits for it.
  }, [want, attempt, state.chunk, root, load, what]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { chunk: state.chunk, failed: state.failed, retry };
}
