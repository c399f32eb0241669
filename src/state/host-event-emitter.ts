// Tells the host page what happened: each event as a DOM event on the element (bubbling out of
// the shadow root) and, unless the page or the company turned it off, pushed to the page's
// Google Analytics (host-events.ts). A purchase is told once per transaction, also across
// reloads and resumes; the quote's own events once per quote on this page.
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import { toMajorString } from "../pricing/currency.ts";
import { configAtom, configStatusAtom, flowStateAtom } from "./atoms.ts";
import type { Store } from "./atoms.ts";
import { pushToAnalytics, type HostEventMap, type HostEventName } from "./host-events.ts";
import { quoteViewAtom } from "./quote-atoms.ts";

/** Transactions whose `purchase` the page heard already: a reload or a resume does not repeat it. */
const PURCHASES_KEY = "quote-assistant:purchases";
const isIdList = (data: unknown): data is string[] => Array.isArray(data) && data.every((id) => typeof id === "string");

export type Emit = <K extends HostEventName>(name: K, detail: HostEventMap[K]) => void;

export interface HostEventEmitter {
  emit: Emit;
  /** 'quote_shown' and 'checkout_started' with the quote's GET STARTED TODAY, once per quote. */
  emitOncePerQuote(name: "quote_shown" | "checkout_started"): void;
  /** The configuration has loaded or failed: events held until its `analytics` was known go out. */
  releaseHeld(): void;
}

export function createHostEventEmitter(options: {
  store: Store;
  host: HTMLElement;
  storage: KeyValueStore;
  company: string;
  bot: string;
  /** Called once, at the first 'open' on this page (the console's funnel counts it). */
  onFirstOpen?: () => void;
}): HostEventEmitter {
  const { store, host, storage } = options;
  // The company's `analytics: false` is known once its configuration is: events before it wait.
  let held: Array<[HostEventName, object]> | null = store.get(configStatusAtom).status === "loading" ? [] : null;
  function analytics(name: HostEventName, detail: object) {
    if (host.getAttribute("analytics") !== "off" && store.get(configAtom)?.analytics !== false) pushToAnalytics(window, name, detail);
  }

  let openCounted = false;
  const emit: Emit = (name, payload) => {
    if (name === "open" && !openCounted) {
      openCounted = true;
      options.onFirstOpen?.();
    }
    if (name === "purchase") {
      const id = (payload as HostEventMap["purchase"]).transactionId;
      const heard = readRecord(storage, PURCHASES_KEY, 1, isIdList, true) ?? [];
      if (heard.includes(id)) return;
      writeRecord(storage, PURCHASES_KEY, 1, [...heard.slice(-49), id]);
    }
    const detail = { company: options.company, bot: options.bot, ...payload };
    host.dispatchEvent(new CustomEvent(`quote-assistant:${name}`, { bubbles: true, composed: true, detail }));
    if (held) held.push([name, detail]);
    else analytics(name, detail);
  };

  /** The quote's GET STARTED TODAY, as the events report it. */
  function shownPrice() {
    const quote = store.get(quoteViewAtom)?.quote;
    const quoteId = store.get(flowStateAtom)?.answers.quoteId ?? null;
    return quote ? { quoteId, value: toMajorString(quote.amountDueToday, quote.currency), currency: quote.currency } : null;
  }
  const onceFor = new Set<string>();

  return {
    emit,
    emitOncePerQuote(name) {
      const price = shownPrice();
      const key = `${name} ${price?.quoteId}`;
      if (!price || onceFor.has(key)) return;
      onceFor.add(key);
      emit(name, price);
    },
    releaseHeld() {
      if (!held) return;
      const waiting = held;
      held = null;
      for (const [name, detail] of waiting) analytics(name, detail);
    },
  };
}
