// What a flow task runs with, against a test's demo site: the widget's real API client (its
// paths noted), a clock that never waits, the quote memory and the lead outbox in memory. A test
// overrides what it watches (the clock, the host events, the quotes).
import { createApiClient } from "../../../src/api/client.ts";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import { createLeadDelivery } from "../../../src/state/lead-delivery.ts";
import { servmanChapter } from "../../../src/state/tasks/servman-chapter-parts.ts";
import type { QuoteSession } from "../../../src/state/quote-session.ts";
import type { TaskDeps } from "../../../src/state/tasks.ts";
import { createQuoteMemory } from "../../../src/storage/quote-memory.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";
import { makeConfig } from "../../unit/fixtures.ts";
import { siteFetch } from "./http-client.ts";

export interface SiteTaskSetup {
  /** The demo site's widget origin (`site.urls.widget`). */
  baseUrl: string;
  companyId: string;
  botId: string;
  config?: Partial<CompanyConfigInput>;
}

export function siteTaskDeps(
  { baseUrl, companyId, botId, config = {} }: SiteTaskSetup,
  overrides: Partial<TaskDeps> = {},
): { taskDeps: TaskDeps; paths: string[] } {
  const paths: string[] = [];
  // Sent through the in-process site (http-client.ts), not the network.
  const api = createApiClient({ baseUrl, preview: false, onboarding: false }).extend({
    fetch: siteFetch,
    hooks: { beforeRequest: [(request) => void paths.push(new URL(request.url).pathname)] },
  });
  const taskDeps: TaskDeps = {
    api,
    companyId,
    botId,
    config: makeConfig(config),
    clock: { sleep: async () => {}, now: () => Date.now(), every: () => () => {} },
    quotes: createQuoteMemory({ store: memoryStore(), companyId, localCache: false, cookies: false }),
    navigateTop: () => {},
    session: { loadPrograms: async () => {} } as unknown as QuoteSession,
    emit: () => {},
    attribution: () => null,
    leads: createLeadDelivery({ store: memoryStore(), companyId, api, delivered: () => {} }),
    // ServMan's chapter as its file hands it to the widget.
    servman: async () => servmanChapter,
    ...overrides,
  };
  return { taskDeps, paths };
}
