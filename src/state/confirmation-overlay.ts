// SPEC §2 'Confirmation overlay': once the visitor has given a name, and more than 465 s have
// passed since they last did anything, tell them their information reached the team. Checked
// every 2 s.
import { confirmationShownAtom, flowStateAtom, lastActivityAtom } from "./atoms.ts";
import type { Clock } from "./clock.ts";
import type { Store } from "./conversation.ts";

export const CONFIRMATION_AFTER_MS = 465_000;
export const CONFIRMATION_CHECK_MS = 2_000;

export function watchForConfirmation(store: Store, clock: Clock): () => void {
  return clock.every(CONFIRMATION_CHECK_MS, () => {
    if (store.get(confirmationShownAtom)) return;
    const name = store.get(flowStateAtom)?.answers.customerName;
    const last = store.get(lastActivityAtom);
    if (name && last !== null && clock.now() - last > CONFIRMATION_AFTER_MS) {
      store.set(confirmationShownAtom, true);
    }
  });
}
