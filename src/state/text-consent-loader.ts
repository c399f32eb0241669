// The texts consent box's words for one widget (issue 34; dist/quote-assistant-consent.js):
// fetched as soon as the configuration says the company texts (`textConsent`), long before the
// phone's step, and awaited by a resumed conversation, which may stand at that step. Never
// fetched for any other company. A failure is logged and forgotten, so the next need tries
// again; until the words have arrived the phone's step shows no box (and no texts are sent).
import type { TextConsentFile } from "../i18n/en/text-consent.ts";
import { configAtom } from "./atoms.ts";
import type { Store } from "./conversation.ts";

export interface TextConsentLoader {
  /** Starts fetching the words for a company that texts; resolves when they are here, or failed (logged). */
  ready(): Promise<void>;
  /** The words, once arrived. */
  words(): TextConsentFile | undefined;
}

export function createTextConsentLoader(store: Store, load?: () => Promise<TextConsentFile>): TextConsentLoader {
  let arrived: TextConsentFile | undefined;
  let loading: Promise<void> | undefined;
  return {
    ready() {
      if (!store.get(configAtom)?.textConsent || !load) return Promise.resolve();
      loading ??= load().then(
        (words) => void (arrived = words),
        (error: unknown) => {
          loading = undefined;
          console.error("[quote-assistant] the consent box's words could not be loaded", error);
        },
      );
      return loading;
    },
    words: () => arrived,
  };
}
