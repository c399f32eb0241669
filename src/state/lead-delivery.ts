// No lead is lost (issue 12, docs/api.md): every call that carries a lead — the quote start
// with the visitor's contact details, the recorded answers, the think-about-it lead — waits in
// a small outbox in storage when the backend did not get it (offline, a timeout, a 5xx, 408 or
// 429), and is sent again with the same Idempotency-Key, so the backend keeps one: when the
// browser is back online, with a backoff while the page is open, and at the next page view or
// chat open. The host page's `lead` event and the chat's 'we will contact you' come only once
// it is delivered. A waiting start holds the visitor's contact details on the device until it
// is delivered (at most LEAD_GIVE_UP_MS): the one exception to "no personal data in storage",
// because the only other copy is nowhere. The page also holds what it last kept: storage can be
// erased under an open page (Safari's 7-day rule, a visitor clearing the site's data), and the
// page then still sends it, and writes it back at its next attempt. (Another tab's delivery
// looks the same as an erase: the item is sent again with its key, and the backend keeps one.)
import * as v from "valibot";
import type { ThinkAboutItBody } from "../contract/think-about-it.ts";
import { postThinkAboutIt } from "../api/think-about-it.ts";
import type { QuoteStart, QuoteStartBody } from "../contract/quote-start.ts";
import { startQuote } from "../api/quote-start.ts";
import type { QuoteRecordBody } from "../contract/quote-record.ts";
import { recordAnswers } from "../api/quote-record.ts";
import type { ApiClient } from "../api/client.ts";
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import type { HostEventMap } from "./host-events.ts";

interface Waiting {
  /** The Idempotency-Key of every attempt of this item. */
  key: string;
  /** When the visitor gave it (ms). */
  at: number;
}

/** A think-about-it lead (records before the other kinds have no `kind`). */
export interface PendingLead extends Waiting {
  kind?: "lead";
  botId: string;
  body: ThinkAboutItBody;
  /** The host page's `lead` event, fired on delivery. */
  event: HostEventMap["lead"];
  /** The company's crmLeadSolution is sales-center: the lead goes to POST /v1/sales-center/lead. */
  salesCenter?: boolean;
}
export interface PendingStart extends Waiting {
  kind: "start";
  body: QuoteStartBody;
}
interface PendingRecord extends Waiting {
  kind: "record";
  body: QuoteRecordBody;
}
type Pending = PendingLead | PendingStart | PendingRecord;

export interface LeadDeliveryOptions {
  store: KeyValueStore;
  companyId: string;
  api: ApiClient;
  /** A think-about-it lead reached the backend: the host page hears of it, the chat may say so. */
  delivered(lead: PendingLead): void;
  /** A quote start reached the backend in the background (not while `start` waited for it). */
  started?(start: PendingStart, answer: QuoteStart): void;
  now?: () => number;
}

/** What `start` answers: the backend's quote, "queued" while it waits, "refused" on a 4xx. */
export type StartOutcome = { answer: QuoteStart } | "queued" | "refused";

/** A lead older than this is given up: the visitor will long have called or gone. */
export const LEAD_GIVE_UP_MS = 7 * 86_400_000;
const FIRST_RETRY_MS = 2000;
const LAST_RETRY_MS = 300_000;

const isPending = (data: unknown): data is Pending[] =>
  Array.isArray(data) &&
  data.every(
    (item: Partial<Pending>) =>
      typeof item?.key === "string" &&
      typeof item.at === "number" &&
      !!item.body &&
      (item.kind === "start" || item.kind === "record" || (typeof (item as PendingLead).botId === "string" && !!(item as PendingLead).event)),
  );

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
  /** What this page last kept: the copy that outlives erased storage (nothing stored: this). */
  let held: Pending[] = [];
  const pending = () => readRecord(store, key, 1, isPending) ?? held;
  const keep = (items: Pending[]) => {
    held = items;
    return items.length ? writeRecord(store, key, 1, items) : store.remove(key);
  };
  const settle = (item: Pending) => keep(pending().filter((other) => other.key !== item.key));
  const isWaiting = (itemKey: string) => pending().some((other) => other.key === itemKey);
  /** Adds an item, in place of one with the same key or (a record's newer answers) of the same quote's record. */
  const add = (item: Pending) =>
    keep([...pending().filter((other) => other.key !== item.key && !(item.kind === "record" && other.kind === "record" && other.body.quoteId === item.body.quoteId)), item]);

  // The starts' answers and refusals in this page, by key: `start` reads them.
  const startAnswers = new Map<string, QuoteStart>();
  const refusedStarts = new Set<string>();
  /** Keys a `start` call is waiting for: their delivery is its news, not `started`'s. */
  const awaited = new Set<string>();

  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryIn = FIRST_RETRY_MS;
  let flushing: Promise<void> | null = null;

  async function send(item: Pending): Promise<void> {
    if (item.kind === "start") {
      const answer = await startQuote(api, item.body, item.key);
      startAnswers.set(item.key, answer);
      settle(item);
      if (!awaited.has(item.key)) options.started?.(item, answer);
    } else if (item.kind === "record") {
      await recordAnswers(api, item.body, item.key);
      settle(item);
    } else {
      await postThinkAboutIt(api, { companyId, botId: item.botId }, item.body, item.key, item.salesCenter);
      settle(item);
      options.delivered(item);
    }
  }

  async function attempt(item: Pending): Promise<void> {
    if (now() - item.at > LEAD_GIVE_UP_MS) return settle(item);
    try {
      await send(item);
    } catch (error) {
      if (retryable(error)) throw error;
      console.error("[quote-assistant] the backend refused a lead; it is not sent again", error);
      if (item.kind === "start") refusedStarts.add(item.key);
      settle(item);
    }
  }

  /** Sends every waiting item once; what still fails waits for the next chance. */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      clearTimeout(timer);
      let failed = false;
      const items = pending();
      // What only this page still held goes back into storage, for the next page view.
      keep(items);
      for (const item of items) await attempt(item).catch(() => (failed = true));
      if (!failed) retryIn = FIRST_RETRY_MS;
      else if (pending().length) {
        timer = setTimeout(() => void flush(), retryIn);
        retryIn = Math.min(retryIn * 2, LAST_RETRY_MS);
      }
    })().finally(() => (flushing = null));
    return flushing;
  }

  async function addAndFlush(item: Pending): Promise<void> {
    add(item);
    await flushing;
    await flush();
  }

  return {
    /** Keeps the think-about-it lead and tries it now: "queued" when it waits for the next chance, else "done". */
    async send(lead: Omit<PendingLead, "key" | "at" | "kind">): Promise<"done" | "queued"> {
      const full: PendingLead = { ...lead, key: crypto.randomUUID(), at: now() };
      await addAndFlush(full);
      return isWaiting(full.key) ? "queued" : "done";
    },
    /** Sends what waits now: "queued" while a lead of this quote still waits, else "done". */
    async retry(quoteId: string | undefined): Promise<"done" | "queued"> {
      await flush();
      return pending().some((item) => item.kind !== "start" && item.kind !== "record" && item.body.chatId === quoteId) ? "queued" : "done";
    },
    /**
     * Starts the quote through the outbox, or tries a waiting start again: the same key is the
     * same quote (the backend answers a repeat with that quote and a new token).
     */
    async start(startKey: string, body: QuoteStartBody): Promise<StartOutcome> {
      awaited.add(startKey);
      try {
        if (!startAnswers.has(startKey) && !refusedStarts.has(startKey)) {
          await addAndFlush(isWaiting(startKey) ? pending().find((item) => item.key === startKey)! : { kind: "start", key: startKey, at: now(), body });
        }
      } finally {
        awaited.delete(startKey);
      }
      const answer = startAnswers.get(startKey);
      return answer ? { answer } : refusedStarts.has(startKey) ? "refused" : "queued";
    },
    /** Records the quote's answers; a record that waits is replaced by a newer one of the same quote. */
    async record(body: QuoteRecordBody): Promise<void> {
      await addAndFlush({ kind: "record", key: crypto.randomUUID(), at: now(), body });
    },
    flush,
    stop: () => clearTimeout(timer),
  };
}

export type LeadDelivery = ReturnType<typeof createLeadDelivery>;
