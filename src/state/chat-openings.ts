// The chat's opens and closes as connect() (widget-controller.ts) hears of them. An open is
// heard of in a task after the frame that shows the window (issue 35): the page's 'open'
// event (and its tags), the waiting leads and the conversation's start took 25-40 ms of the
// click's task at 4x CPU, before the window could be painted. The greeting is still timed
// from the click (`at`). A close is heard of at once, and only when its open was.
import { openAtom } from "./atoms.ts";
import type { Clock } from "./clock.ts";
import type { Store } from "./conversation.ts";
import { afterNextPaint } from "./after-paint.ts";

export interface OpeningHandlers {
  /** After the frame that showed the window; `at` is when it opened. */
  opened(at: number): void;
  closed(): void;
  /** Any other change of the open state (a close included, after `closed`). */
  changed(): void;
}

/** Follows `openAtom` from its value now (an open chat counts as heard of); returns the unsubscribe. */
export function watchOpenings(store: Store, clock: Clock, handlers: OpeningHandlers): () => void {
  let last = store.get(openAtom);
  let heard = last;
  let cancelOpening = () => {};
  const unsubscribe = store.sub(openAtom, () => {
    const open = store.get(openAtom);
    if (open === last) return handlers.changed();
    last = open;
    cancelOpening();
    if (open) {
      const at = clock.now();
      cancelOpening = afterNextPaint(() => {
        heard = true;
        handlers.opened(at);
      });
      return;
    }
    if (heard) handlers.closed();
    heard = false;
    handlers.changed();
  });
  return () => {
    cancelOpening();
    unsubscribe();
  };
}
