// Work that the visitor's click must not wait for, run once the frame the click made is on
// screen (issue 35): a requestAnimationFrame callback runs just before that frame's style,
// layout and paint, and a task it posts runs after them. A tab that paints no frame (hidden)
// gets the work from a timer instead.

/** How long a tab that paints no frame waits for the work (a hidden tab's timers run about once a second). */
export const NO_FRAME_FALLBACK_MS = 1000;

/** Runs `run` once, after the next frame is painted (or after `fallbackMs` without one); returns a cancel. */
export function afterNextPaint(run: () => void, fallbackMs = NO_FRAME_FALLBACK_MS): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, fallbackMs);
  const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(() => setTimeout(once)) : undefined;
  return () => {
    done = true;
    clearTimeout(fallback);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
}
