// Loads and validates the company configuration into the store. Every failure (the request,
// its timeout, a garbage answer, a validation that throws) becomes the widget's error state
// with the reason logged; nothing is thrown or rejected into the host page.
import { readCompanyConfig, requestCompanyConfig, type ConfigAnswer, type ConfigRequest } from "../api/company-config.ts";
import type { CompanyConfig } from "../config/company-config.ts";
import type { ApiClient } from "../api/client.ts";
import { nextTask } from "./after-paint.ts";
import { configStatusAtom, openAtom } from "./atoms.ts";
import type { Store } from "./conversation.ts";

/**
 * `localize`: the configuration as the visitor reads it (their language's texts, its words
 * loaded), before the conversation may start.
 */
export async function loadConfig(
  store: Store,
  api: ApiClient,
  request: ConfigRequest,
  localize = async (config: CompanyConfig) => config,
  asked?: Promise<ConfigAnswer>,
): Promise<void> {
  let reason: string;
  let phone: string | undefined;
  // Before any click, the answer's validation, then the store's update (and React's render of
  // what it brings), each go in a task of their own (issue 35); an open chat waiting for its
  // configuration takes it at once.
  const unhurried = () => (store.get(openAtom) ? undefined : nextTask());
  try {
    store.set(configStatusAtom, { status: "loading" });
    const answer = await (asked ?? requestCompanyConfig(api, request));
    if (answer.ok) await unhurried();
    const result = answer.ok ? readCompanyConfig(answer.raw) : answer;
    if (result.ok) {
      const config = await localize(result.config);
      await unhurried();
      store.set(configStatusAtom, { status: "ready", config });
      return;
    }
    reason = result.reason;
    phone = result.phone;
  } catch (error) {
    reason = `loading the configuration failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  }
  failStart(store, `${request.company}/${request.bot}: ${reason}`, phone);
}

/**
 * Loads the configuration on each call, the first time with the answer to a request made when
 * this was created (issue 35): the widget is made at the start of React's first render, and
 * loads when that render has committed, about half a second later on a phone at 4x CPU. The
 * request goes out at once and its answer travels meanwhile; a retry asks again.
 */
export function createConfigLoader(api: ApiClient, request: ConfigRequest, localize?: (config: CompanyConfig) => Promise<CompanyConfig>) {
  let asked: Promise<ConfigAnswer> | undefined = requestCompanyConfig(api, request);
  return (store: Store): Promise<void> => {
    const answer = asked;
    asked = undefined;
    return loadConfig(store, api, request, localize, answer);
  };
}

/** The title of the error state: what the visitor sees, and what the host page's `error` event says. */
export const UNAVAILABLE_TITLE = "Sorry, instant quotes are unavailable right now.";

/** The widget cannot start: the error state, with the reason in the console. */
export function failStart(store: Store, reason: string, phone?: string): void {
  console.error(`[quote-assistant] ${reason}`);
  store.set(configStatusAtom, { status: "error", reason, ...(phone ? { phone } : {}) });
}
