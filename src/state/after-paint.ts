// Work that the visitor's click must not wait for, run once the frame the click made is on
// screen (issue 35): a requestAnimationFrame callback runs just before that frame's style,
// layout and paint, and a task it posts runs after them. A hidden tab paints no frame: the work
// waits until the tab is shown (no one sees the chat meanwhile).

/** Runs `run` once, after the next frame is painted; returns a cancel. */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Resolves in a task of its own: before any click, the configuration's answer is read, validated
 * and applied in three tasks, not one of 15-52 ms at 4x CPU (load-config.ts).
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
