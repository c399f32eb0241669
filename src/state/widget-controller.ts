// Ties one element's store to the outside world: loads the configuration, starts the
// conversation when the chat first opens, and tells the host page what happened.
// Over 300 lines on purpose: it is the one place where the widget's parts (storage under the
// page's consent, the conversation, the quote session, the lead outbox, resume, host events)
// are wired to each other; each part's logic lives in its own module.
import { createApiClient } from "../api/client.ts";
import { searchAddresses, type GeomapItem } from "../api/geomap.ts";
import { fetchOpenDays } from "../api/servman-availability.ts";
import { browserStore, memoryStore, readRecord, writeRecord } from "../storage/safe-storage.ts";
import { firstTouch } from "../storage/first-touch.ts";
import { consentGatedStore } from "../storage/consent.ts";
import { parseAttribution, type Attribution } from "../config/attribution.ts";
import { chapterOf } from "../flow/flow-graph.ts";
import { toMajorString } from "../pricing/currency.ts";
import { pushToAnalytics, type HostEventMap, type HostEventName } from "./host-events.ts";
import { createQuoteMemory } from "../storage/quote-memory.ts";
import { createSelectedServicesStore } from "../storage/selected-services.ts";
import { createQuoteSession, type QuoteSession } from "./quote-session.ts";
import type { ApiClient } from "../api/client.ts";
import { createSavedConversation } from "./saved-conversation.ts";
import { restoreConversation, saveToServer, takeResumeToken } from "./resume-conversation.ts";
import { runTask } from "./tasks.ts";
import type { QueryFlags } from "../config/query-flags.ts";
import { configAtom, configStatusAtom, customerAtom, flowStateAtom, languageAtom, openAtom, pendingInputAtom, queryFlagsAtom } from "./atoms.ts";
import type { Clock } from "./clock.ts";
import { createConversation, type Conversation, type Store } from "./conversation.ts";
import { watchForConfirmation } from "./confirmation-overlay.ts";
import { failStart, loadConfig, UNAVAILABLE_TITLE } from "./load-config.ts";
import type { CompletedSale, QuoteModalActions } from "./quote-modal-actions.ts";
import { quoteModalOpenAtom, quoteViewAtom } from "./quote-atoms.ts";
import { LEAD_DELIVERED, QUOTE_PURCHASED, START_DELIVERED, THINK_ABOUT_IT } from "../flow/answers.ts";
import { announceStart } from "./tasks/start-quote.ts";
import { createLeadDelivery } from "./lead-delivery.ts";
import { chooseLanguage, languageOf, localizeConfig, type Language, type LanguagePack } from "../i18n/language.ts";
import type { CompanyConfig } from "../config/company-config.ts";

export type WidgetMode = "bubble" | "inline";

export interface WidgetSetup {
  store: Store;
  host: HTMLElement;
  company: string;
  bot: string;
  apiBase: string;
  mode: WidgetMode;
  flags: QueryFlags;
  clock: Clock;
  /** Fetches a language other than English (its own file: src/lazy/load-language.ts). */
  loadLanguage?: (lang: Language) => Promise<LanguagePack>;
}

/** The portal opens in the top window, also when the page framed us (SPEC §2 step 7). */
function navigateTop(url: string): void {
  try {
    window.top!.location.href = url;
  } catch {
    window.location.href = url;
  }
}

export type { HostEventName } from "./host-events.ts";

/** Transactions whose `purchase` the page heard already: a reload or a resume does not repeat it. */
const PURCHASES_KEY = "quote-assistant:purchases";
const isIdList = (data: unknown): data is string[] => Array.isArray(data) && data.every((id) => typeof id === "string");

export interface WidgetController {
  conversation: Conversation;
  session: QuoteSession;
  clock: Clock;
  /** Address suggestions for the search box. */
  searchAddresses(query: string, signal: AbortSignal): Promise<GeomapItem[]>;
  /** The ServMan calendar's hint: the days of a month ("2026-11") with a free window for this customer's branch. */
  openDays(month: string, signal: AbortSignal): Promise<string[]>;
  setOpen(open: boolean): void;
  api: ApiClient;
  host: HTMLElement;
  companyId: string;
  botId: string;
  /** All the lazily loaded quote modal may do: it gets this, never the controller. */
  quoteModal: QuoteModalActions;
  /** Runs once the view has painted: loads the configuration, wires events. Returns a cleanup. */
  connect(): () => void;
  /** 'Try again' in the error state: loads the configuration again (the conversation starts once it is ready). */
  retry(): void;
  /** 'Start over' in the header menu: a new conversation from the greeting. */
  startOver(): void;
  emit<K extends HostEventName>(name: K, detail: HostEventMap[K]): void;
}

export function createWidgetController(setup: WidgetSetup): WidgetController {
  const { store, host, flags } = setup;
  const api = createApiClient({ baseUrl: setup.apiBase, preview: flags.preview, onboarding: flags.onboarding });
  // Memory only until the page allows storage, when it asked to be asked (cookie banners).
  const storage = consentGatedStore(browserStore(), () => host.getAttribute("consent") === "required");
  // Onboarding visits skip local caching; cookiesDisabled sets no cookie (SPEC §2, §4).
  const quotes = createQuoteMemory({
    store: storage,
    companyId: setup.company,
    localCache: !flags.onboarding,
    cookies: () => !flags.cookiesDisabled && storage.allowed(),
  });
  // A think-about-it lead reached the backend: the page hears of it, and a chat still waiting
  // for it says the team will be in touch. A quote start delivered in the background wakes the
  // chat that waits for it (its task announces the quote), else the page hears of it here.
  const leads = createLeadDelivery({
    store: storage,
    companyId: setup.company,
    api,
    delivered(lead) {
      emit("lead", lead.event);
      const state = store.get(flowStateAtom);
      if (state?.stepId === "leadWaiting" && state.answers.quoteId === lead.event.quoteId) conversation.answer(LEAD_DELIVERED);
    },
    started(start, answer) {
      const state = store.get(flowStateAtom);
      if (state?.stepId === "startWaiting" && state.answers.quoteStartKey === start.key) return conversation.answer(START_DELIVERED);
      announceStart({ quotes, emit }, start.body.customer.address.street, start.body.customer.address.postalCode, answer);
    },
  });
  const session = createQuoteSession({
    store,
    api,
    record: (body) => leads.record(body),
    companyId: setup.company,
    botId: setup.bot,
    config: () => store.get(configAtom),
    selected: createSelectedServicesStore(flags.onboarding ? memoryStore() : storage, setup.company),
  });
  // A resume link opens this quote, once (issue 14 §5); it leaves the address bar at once.
  let resumeToken = takeResumeToken();
  const conversation = createConversation(store, {
    clock: setup.clock,
    runTask,
    taskDeps: () => {
      const config = store.get(configAtom);
      if (!config) throw new Error("a task ran before the configuration loaded");
      return {
        api,
        companyId: setup.company,
        botId: setup.bot,
        config,
        clock: setup.clock,
        quotes,
        navigateTop,
        session,
        emit,
        attribution: readAttribution,
        leads,
      };
    },
    onStep: (stepId) => emit("step", { stepId, chapter: chapterOf(stepId) }),
    // A resumed conversation may stand at the program picker or after it: programs first.
    prepare: () => session.loadPrograms(),
    ...(flags.onboarding ? {} : { saved: createSavedConversation(storage, setup.company, setup.bot, Date.now, saveToServer(api, setup.company)) }),
    restore(local) {
      const token = resumeToken;
      resumeToken = null;
      // Paid while the tab was closed: once the chat stands at the quote, the sale completes it.
      return restoreConversation(api, setup.company, local, token, ({ sale }) =>
        conversation.settled().then(() => store.get(pendingInputAtom)?.stepId === "quoteOpen" && completePurchase(sale!)),
      );
    },
  });

  store.set(queryFlagsAtom, flags);
  // Query flags first; a host page's prefill (already in the store) wins over them.
  store.set(customerAtom, (prefilled) => ({ ...flags.customer, ...prefilled }));

  // The console's funnel counts the first open on a page (POST /v1/chat/opened): fire and forget.
  let openCounted = false;
  function emit<K extends HostEventName>(name: K, payload: HostEventMap[K]) {
    if (name === "open" && !openCounted) {
      openCounted = true;
      api.post("v1/chat/opened", { json: { companyId: setup.company, botId: setup.bot, attribution: readAttribution() }, retry: 0 }).catch(() => undefined);
    }
    if (name === "purchase") {
      const id = (payload as HostEventMap["purchase"]).transactionId;
      const heard = readRecord(storage, PURCHASES_KEY, 1, isIdList, true) ?? [];
      if (heard.includes(id)) return;
      writeRecord(storage, PURCHASES_KEY, 1, [...heard.slice(-49), id]);
    }
    const detail = { company: setup.company, bot: setup.bot, ...payload };
    host.dispatchEvent(new CustomEvent(`quote-assistant:${name}`, { bubbles: true, composed: true, detail }));
    if (held) held.push([name, detail]);
    else analytics(name, detail);
  }

  // The company's `analytics: false` is known once its configuration is: events before it wait.
  let held: Array<[HostEventName, object]> | null = store.get(configStatusAtom).status === "loading" ? [] : null;
  function analytics(name: HostEventName, detail: object) {
    if (host.getAttribute("analytics") !== "off" && store.get(configAtom)?.analytics !== false) pushToAnalytics(window, name, detail);
  }

  /** The quote's GET STARTED TODAY, as the events report it. */
  function shownPrice() {
    const quote = store.get(quoteViewAtom)?.quote;
    const quoteId = store.get(flowStateAtom)?.answers.quoteId ?? null;
    return quote ? { quoteId, value: toMajorString(quote.amountDueToday, quote.currency), currency: quote.currency } : null;
  }
  /** Once per quote on this page: the events whose occurrence is the quote's, not each look at it. */
  const onceFor = new Set<string>();
  function emitOncePerQuote(name: "quote_shown" | "checkout_started") {
    const price = shownPrice();
    const key = `${name} ${price?.quoteId}`;
    if (!price || onceFor.has(key)) return;
    onceFor.add(key);
    emit(name, price);
  }

  // First open: where the visitor came from, unless an earlier visit already said (first touch wins).
  let attribution: Attribution | null = null;
  const readAttribution = () =>
    (attribution ??= firstTouch(flags.onboarding ? memoryStore() : storage, setup.company, Date.now(), () => parseAttribution(location.href, document.referrer)));

  // A conversation that failed to start does not start again on this page: 'Try again' then
  // ends in the error state again rather than in an empty chat.
  let startFailure: string | null = null;
  /** When the chat last opened: the greeting's bot delay counts from the visitor's click. */
  let openedAt: number | null = null;
  const startWhenReady = () => {
    const visible = setup.mode === "inline" || store.get(openAtom);
    const status = store.get(configStatusAtom);
    // Nothing is written before the visitor opens the chat: inline, the first touch waits for the quote start.
    if (store.get(openAtom)) readAttribution();
    if (!visible || status.status !== "ready") return;
    try {
      if (startFailure) throw new Error(startFailure);
      conversation.start(openedAt ?? undefined);
    } catch (error) {
      // A configuration that validates but cannot drive the flow: the error state, not a throw
      // into the click or the store update that got us here.
      startFailure ??= String(error);
      failStart(store, `${setup.company}/${setup.bot}: the conversation could not start: ${startFailure}`, status.config.companyPhone);
    }
  };

  /**
   * The visitor's language: the element's `lang`, the company's default, the page's, English.
   * A language whose file cannot be loaded falls back to English, said in the console.
   */
  const packs = new Map<Language, Promise<LanguagePack | null>>();
  const languagePack = (lang: Language): Promise<LanguagePack | null> => {
    if (lang === "en" || !setup.loadLanguage) return Promise.resolve(null);
    let pack = packs.get(lang);
    if (!pack) {
      pack = setup.loadLanguage(lang).catch((error: unknown) => {
        console.error(`[quote-assistant] the ${lang} texts could not be loaded: the chat speaks English`, error);
        return null;
      });
      packs.set(lang, pack);
    }
    return pack;
  };
  const localize = async (config: CompanyConfig) => {
    const pack = await languagePack(chooseLanguage(host.getAttribute("lang"), config.language, document.documentElement.lang));
    store.set(languageAtom, pack);
    return pack ? localizeConfig(config, pack.lang) : config;
  };

  /**
   * The element's own `lang` (the snippet's `data-lang`) outranks the company's default: its
   * file is fetched alongside the configuration, not after it, and its words show as soon as
   * they are here (the loading window, the bubble). A page's <html lang> waits for the
   * configuration, whose default comes first.
   */
  const fetchAskedLanguage = () => {
    const asked = languageOf(host.getAttribute("lang"));
    if (!asked || asked === "en") return;
    void languagePack(asked).then((pack) => {
      if (pack && !store.get(languageAtom)) store.set(languageAtom, pack);
    });
  };

  const load = () => {
    // Each attempt (a retry after a failed configuration too) asks for the files afresh.
    packs.clear();
    fetchAskedLanguage();
    loadConfig(store, api, { company: setup.company, bot: setup.bot, onboarding: flags.onboarding }, localize).catch(
      (error: unknown) => failStart(store, `${setup.company}/${setup.bot}: ${String(error)}`),
    );
  };

  /** A payment went through: the sale is converted, the host page hears of it, the chat congratulates. */
  function completePurchase(sale: CompletedSale) {
    session.markConverted();
    session.recordSale(sale);
    session.closeModal();
    const { transactionId, value, currency, paymentMethod } = sale;
    emit("purchase", { transactionId, value, currency, paymentMethod, quoteId: store.get(flowStateAtom)?.answers.quoteId ?? null });
    conversation.answer(QUOTE_PURCHASED);
  }

  const quoteModal: QuoteModalActions = {
    api,
    companyId: setup.company,
    botId: setup.bot,
    host,
    setTerm: (term) => session.setTerm(term),
    toggleService: (blockId, selected) => session.toggleService(blockId, selected),
    close: () => session.closeModal(),
    thinkAboutIt() {
      session.closeModal();
      conversation.answer(THINK_ABOUT_IT);
    },
    completePurchase,
    reloadPrices: () => void session.reloadPrices(),
    checkoutStarted: () => emitOncePerQuote("checkout_started"),
    paymentFailed: (message) => emit("error", { where: "payment", message }),
  };

  return {
    conversation,
    session,
    clock: setup.clock,
    emit,
    searchAddresses: (query, signal) => searchAddresses(api, query, signal),
    openDays: (month, signal) =>
      fetchOpenDays(api, { companyId: setup.company, botId: setup.bot, branchId: store.get(flowStateAtom)?.answers.branchId ?? "", month }, signal),
    setOpen(open) {
      store.set(openAtom, open);
    },
    api,
    host,
    companyId: setup.company,
    botId: setup.bot,
    quoteModal,
    retry() {
      if (store.get(configStatusAtom).status === "error") load();
    },
    startOver() {
      if (store.get(configStatusAtom).status !== "ready") return;
      store.set(quoteModalOpenAtom, false);
      conversation.restart();
    },
    connect() {
      if (resumeToken) store.set(openAtom, true);
      let lastOpen = store.get(openAtom);
      if (lastOpen) openedAt = setup.clock.now();
      const unsubscribeOpen = store.sub(openAtom, () => {
        const open = store.get(openAtom);
        if (open && !lastOpen) {
          openedAt = setup.clock.now();
          void leads.flush();
        }
        if (open !== lastOpen) emit(open ? "open" : "close", {});
        lastOpen = open;
        startWhenReady();
      });
      const unsubscribeConfig = store.sub(configStatusAtom, () => {
        const status = store.get(configStatusAtom);
        if (status.status !== "loading" && held) {
          const waiting = held;
          held = null;
          for (const [name, detail] of waiting) analytics(name, detail);
        }
        if (status.status === "error") emit("error", { where: "start", message: UNAVAILABLE_TITLE });
        startWhenReady();
      });
      const showPrices = () => {
        if (store.get(quoteModalOpenAtom)) emitOncePerQuote("quote_shown");
      };
      const unsubscribeShown = store.sub(quoteModalOpenAtom, showPrices);
      const unsubscribeView = store.sub(quoteViewAtom, showPrices);
      const stopConfirmation = watchForConfirmation(store, setup.clock, host);
      const stopPriceWatch = session.watch();
      // Leads an earlier page could not deliver: now, and whenever the browser is back online.
      const sendLeads = () => void leads.flush();
      addEventListener("online", sendLeads);
      sendLeads();
      load();
      emit("ready", {});
      if (lastOpen) emit("open", {});
      return () => {
        unsubscribeOpen();
        unsubscribeConfig();
        unsubscribeShown();
        unsubscribeView();
        stopConfirmation();
        stopPriceWatch();
        removeEventListener("online", sendLeads);
        leads.stop();
      };
    },
  };
}
