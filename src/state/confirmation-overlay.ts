// SPEC §2 'Confirmation overlay': once the visitor has given a name, and more than 465 s have
// passed since they last did anything, tell them their information reached the team. Checked
// every 2 s.
//
// 'Anything' is every kind of activity, not only chat answers: a press, a key or typing
// anywhere in the widget (checkout fields and the payment fields slotted into it included).
// While a tool, the quote or checkout is open, or a call runs, the visitor is busy with us:
// the time spent there (drawing the lawn, finding a card) counts as activity, and the overlay
// never comes up over them.
import { busyAtom, confirmationShownAtom, flowStateAtom, lastActivityAtom, openModalsAtom } from "./atoms.ts";
import type { Clock } from "./clock.ts";
import type { Store } from "./conversation.ts";
import { quoteModalOpenAtom } from "./quote-atoms.ts";

export const CONFIRMATION_AFTER_MS = 465_000;
export const CONFIRMATION_CHECK_MS = 2_000;

/**
 * Composed events, so a press or a key inside the shadow root reaches the host element; the
 * payment fields slotted into the host are its light-DOM children and reach it anyway.
 */
export const ACTIVITY_EVENTS = ["pointerdown", "keydown", "input", "wheel"] as const;

/** The widget itself holds the visitor: a modal (measuring tool, quote, checkout) or a call. */
function engaged(store: Store): boolean {
  return store.get(openModalsAtom) > 0 || store.get(quoteModalOpenAtom) || store.get(busyAtom);
}

export function watchForConfirmation(store: Store, clock: Clock, host?: EventTarget): () => void {
  const noteActivity = () => store.set(lastActivityAtom, clock.now());
  for (const type of ACTIVITY_EVENTS) host?.addEventListener(type, noteActivity, { capture: true, passive: true });
  const stop = clock.every(CONFIRMATION_CHECK_MS, () => {
    if (store.get(confirmationShownAtom)) return;
    if (engaged(store)) {
      noteActivity();
      return;
    }
    const name = store.get(flowStateAtom)?.answers.customerName;
    const last = store.get(lastActivityAtom);
    if (name && last !== null && clock.now() - last > CONFIRMATION_AFTER_MS) {
      store.set(confirmationShownAtom, true);
    }
  });
  return () => {
    stop();
    for (const type of ACTIVITY_EVENTS) host?.removeEventListener(type, noteActivity, { capture: true });
  };
}
