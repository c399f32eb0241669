// No lead is lost (docs/api.md, 'thinkaboutit'): a think-about-it lead the backend did not get
// (offline, a timeout, a 5xx, 408 or 429) waits in a small outbox in storage and is sent again
// with the same Idempotency-Key, so the backend keeps one: when the browser is back online,
// with a backoff while the page is open, and at the next page view or chat open. The host
// page's `lead` event, and the chat's 'we will contact you', come only once it is delivered.
import * as v from "valibot";
import { postThinkAboutIt, type ThinkAboutItBody } from "../api/think-about-it.ts";
import type { ApiClient } from "../api/client.ts";
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import type { HostEventMap } from "./host-events.ts";

export interface PendingLead {
  /** The Idempotency-Key of every attempt. */
  key: string;
  botId: string;
  body: ThinkAboutItBody;
  /** The host page's `lead` event, fired on delivery. */
  event: HostEventMap["lead"];
  /** When the visitor gave it (ms). */
  at: number;
  /** The company's crmLeadSolution is sales-center: the lead goes to POST /v1/sales-center/lead. */
  salesCenter?: boolean;
}

export interface LeadDeliveryOptions {
  store: KeyValueStore;
  companyId: string;
  api: ApiClient;
  /** A lead reached the backend: the host page hears of it, the chat may say so. */
  delivered(lead: PendingLead): void;
  now?: () => number;
}

/** A lead older than this is given up: the visitor will long have called or gone. */
export const LEAD_GIVE_UP_MS = 7 * 86_400_000;
const FIRST_RETRY_MS = 2000;
const LAST_RETRY_MS = 300_000;

const isPending = (data: unknown): data is PendingLead[] =>
  Array.isArray(data) &&
  data.every((lead: Partial<PendingLead>) => typeof lead?.key === "string" && typeof lead.botId === "string" && typeof lead.at === "number" && !!lead.body && !!lead.event);

/** Worth sending again: no answer, or an answer that says 'later'. A 4xx is final. */
export function retryable(error: unknown): boolean {
  if (error instanceof v.ValiError) return false;
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return typeof status !== "number" || status >= 500 || status === 408 || status === 429;
}

export function createLeadDelivery(options: LeadDeliveryOptions) {
  const { store, companyId, api } = options;
  const now = options.now ?? Date.now;
  const key = `qa:leads:${companyId}`;
  const pending = () => readRecord(store, key, 1, isPending) ?? [];
  const keep = (leads: PendingLead[]) => (leads.length ? writeRecord(store, key, 1, leads) : store.remove(key));
  const settle = (lead: PendingLead) => keep(pending().filter((other) => other.key !== lead.key));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryIn = FIRST_RETRY_MS;
  let flushing: Promise<void> | null = null;

  async function attempt(lead: PendingLead): Promise<void> {
    if (now() - lead.at > LEAD_GIVE_UP_MS) return settle(lead);
    try {
      await postThinkAboutIt(api, { companyId, botId: lead.botId }, lead.body, lead.key, lead.salesCenter);
    } catch (error) {
      if (retryable(error)) throw error;
      console.error("[quote-assistant] the backend refused a lead; it is not sent again", error);
      return settle(lead);
    }
    settle(lead);
    options.delivered(lead);
  }

  /** Sends every waiting lead once; what still fails waits for the next chance. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      clearTimeout(timer);
      let failed = false;
      for (const lead of pending()) await attempt(lead).catch(() => (failed = true));
      if (!failed) retryIn = FIRST_RETRY_MS;
      else if (pending().length) {
        timer = setTimeout(() => void flush(), retryIn);
        retryIn = Math.min(retryIn * 2, LAST_RETRY_MS);
      }
    })().finally(() => (flushing = null));
    return flushing;
  }

  return {
    /** Keeps the lead and tries it now: "queued" when it waits for the next chance, else "done". */
    async send(lead: Omit<PendingLead, "key" | "at">): Promise<"done" | "queued"> {
      const full: PendingLead = { ...lead, key: crypto.randomUUID(), at: now() };
      keep([...pending(), full]);
      await flushing;
      await flush();
      return pending().some((other) => other.key === full.key) ? "queued" : "done";
    },
    /** Sends what waits now: "queued" while a lead of this quote still waits, else "done". */
    async retry(quoteId: string | undefined): Promise<"done" | "queued"> {
      await flush();
      return pending().some((lead) => lead.body.chatId === quoteId) ? "queued" : "done";
    },
    flush,
    stop: () => clearTimeout(timer),
  };
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;
