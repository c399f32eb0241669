// Loads and validates the company configuration into the store. A failure becomes the
// widget's error state with the reason logged; it never throws into the host page.
import { fetchCompanyConfig, type ConfigRequest } from "../api/company-config.ts";
import type { ApiClient } from "../api/client.ts";
import { configStatusAtom } from "./atoms.ts";
import type { Store } from "./conversation.ts";

export async function loadConfig(store: Store, api: ApiClient, request: ConfigRequest): Promise<void> {
  store.set(configStatusAtom, { status: "loading" });
  const result = await fetchCompanyConfig(api, request);
  if (result.ok) {
    store.set(configStatusAtom, { status: "ready", config: result.config });
  } else {
    console.error(`[quote-assistant] ${request.company}/${request.bot}: ${result.reason}`);
    store.set(configStatusAtom, { status: "error", reason: result.reason });
  }
}
