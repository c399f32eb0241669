// Storage only with the page's consent (cookie banners). `QuoteAssistant("consent", false)`,
// or `data-consent="required"` on the snippet until the page says `("consent", true)`, keep the
// widget in memory-only mode: no localStorage, no cookie. The conversation goes on in memory;
// granting consent then keeps what it held, and withdrawing it takes what the widget wrote
// back into memory and off the device.
import type { KeyValueStore } from "./safe-storage.ts";

/** The page's word, for every widget on it; undefined until it says anything. */
let pageConsent: boolean | undefined;
const listeners = new Set<() => void>();

/** The page's word; undefined (as before it spoke) only in tests. */
export function setStorageConsent(granted: boolean | undefined): void {
  pageConsent = granted;
  for (const listener of listeners) listener();
}

export interface ConsentGatedStore extends KeyValueStore {
  /** Whether the device may be written to now (cookies follow the same rule). */
  allowed(): boolean;
}

/**
 * `persistent` when the page allows it, memory otherwise. `required()` is the element's own
 * `consent="required"`: it holds until the page grants consent.
 */
export function consentGatedStore(persistent: KeyValueStore, required: () => boolean): ConsentGatedStore {
  /** What the conversation wrote while storage was not allowed; null marks a removal. */
  const held = new Map<string, string | null>();
  /** Keys this page read from or wrote to the device: what a withdrawal must take back. */
  const onDevice = new Set<string>();
  const allowed = () => pageConsent ?? !required();

  const follow = () => {
    if (allowed()) {
      for (const [key, value] of held) {
        if (value === null) persistent.remove(key);
        else {
          persistent.set(key, value);
          onDevice.add(key);
        }
      }
      held.clear();
    } else {
      for (const key of onDevice) {
        held.set(key, persistent.get(key));
        persistent.remove(key);
      }
      onDevice.clear();
    }
  };
  listeners.add(follow);

  return {
    allowed,
    get(key) {
      if (!allowed()) return held.get(key) ?? null;
      const value = persistent.get(key);
      if (value !== null) onDevice.add(key);
      return value;
    },
    set(key, value) {
      if (!allowed()) return void held.set(key, value);
      persistent.set(key, value);
      onDevice.add(key);
    },
    remove(key) {
      if (!allowed()) return void held.set(key, null);
      persistent.remove(key);
      onDevice.delete(key);
    },
  };
}
