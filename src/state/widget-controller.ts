// Ties one element's store to the outside world: wires the widget's parts to each other
// (storage under the page's consent, the conversation, the quote session, the lead outbox,
// resume, the host page's events, the languages), loads the configuration and starts the
// conversation when the chat first opens. Each part's logic lives in its own module.
import { createApiClient, type ApiClient } from "../api/client.ts";
import { searchAddresses, type GeomapAnswer } from "../api/geomap.ts";
import { browserStore, memoryStore } from "../storage/safe-storage.ts";
import { firstTouch } from "../storage/first-touch.ts";
import { consentGatedStore } from "../storage/consent.ts";
import { parseAttribution, type Attribution } from "../config/attribution.ts";
import { chapterOf } from "../flow/flow-graph.ts";
import type { HostEventMap, HostEventName } from "./host-events.ts";
import { createHostEventEmitter } from "./host-event-emitter.ts";
import { createQuoteMemory } from "../storage/quote-memory.ts";
import { createSelectedServicesStore } from "../storage/selected-services.ts";
import { createQuoteSession, type QuoteSession } from "./quote-session.ts";
import { createSavedConversation } from "./saved-conversation.ts";
import { restoreConversation, saveToServer, takeResumeToken } from "./resume-conversation.ts";
import { runTask } from "./tasks.ts";
import { createServmanLoader } from "./servman-loader.ts";
import { createTextConsentLoader } from "./text-consent-loader.ts";
import type { ServmanChapter } from "./tasks/servman-chapter.ts";
import type { QueryFlags } from "../config/query-flags.ts";
import { configAtom, configStatusAtom, customerAtom, flowStateAtom, openAskedAtAtom, openAtom, pendingInputAtom, queryFlagsAtom } from "./atoms.ts";
import { clickTime, type Clock } from "./clock.ts";
import { createConversation, type Conversation, type Store } from "./conversation.ts";
import { watchForConfirmation } from "./confirmation-overlay.ts";
import { createConfigLoader, failStart, UNAVAILABLE_TITLE } from "./load-config.ts";
import { createQuoteModalActions, type QuoteModalActions } from "./quote-modal-actions.ts";
import { quoteModalOpenAtom, quoteViewAtom } from "./quote-atoms.ts";
import { LEAD_DELIVERED, START_DELIVERED } from "../flow/answers.ts";
import { announceStart } from "./tasks/start-quote.ts";
import { createLeadDelivery } from "./lead-delivery.ts";
import type { Language, LanguagePack } from "../i18n/language.ts";
import type { TextConsentFile } from "../i18n/en/text-consent.ts";
import { createLanguagePacks } from "./language-packs.ts";
import { watchOpenings } from "./chat-openings.ts";

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
  /** Fetches ServMan's chapter of the flow, for a ServMan company (src/lazy/load-servman-chunk.ts). */
  loadServman?: () => Promise<ServmanChapter>;
  /** Fetches the texts consent box's words, for a company that texts (src/lazy/load-text-consent.ts). */
  loadTextConsent?: () => Promise<TextConsentFile>;
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
export interface WidgetController {
  conversation: Conversation;
  session: QuoteSession;
  clock: Clock;
  /** Address suggestions for the search box. */
  searchAddresses(query: string, signal: AbortSignal): Promise<GeomapAnswer>;
  /** The ServMan calendar's hint: the days of a month ("2026-11") with a free window for this customer's branch. */
  openDays(month: string, signal: AbortSignal): Promise<string[]>;
  setOpen(open: boolean): void;
  api: ApiClient;
  host: HTMLElement;
  companyId: string;
  botId: string;
  /** All the lazily loaded quote modal may do: it gets this, never the controller. */
  quoteModal: QuoteModalActions;
  /** Says "ready", on which the loader removes its own bubble: in the commit that first shows the widget's. */
  announce(): void;
  /** Runs once the view has painted, after announce(): loads the configuration (asked for when made), wires events. Returns a cleanup. */
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
  // The console's funnel counts the first open on a page (POST /v1/chat/opened): fire and forget.
  const countOpen = () =>
    void api.post("v1/chat/opened", { json: { companyId: setup.company, botId: setup.bot, attribution: readAttribution() }, retry: 0 }).catch(() => undefined);
  const events = createHostEventEmitter({ store, host, storage, company: setup.company, bot: setup.bot, onFirstOpen: countOpen });
  const { emit } = events;
  const languages = createLanguagePacks(store, host, setup.loadLanguage);
  // Asked for now, while React renders the widget; connect() loads it (load-config.ts).
  const loadCompanyConfig = createConfigLoader(api, { company: setup.company, bot: setup.bot, onboarding: flags.onboarding }, languages.localize);
  // This tab only (sessionStorage), under the same consent: the conversation before its quote starts.
  const tabStorage = consentGatedStore(browserStore(() => globalThis.sessionStorage), () => host.getAttribute("consent") === "required");
  // Onboarding visits skip local caching; cookiesDisabled sets no cookie (SPEC §2, §4).
  const quotes = createQuoteMemory({ store: storage, companyId: setup.company, localCache: !flags.onboarding, cookies: () => !flags.cookiesDisabled && storage.allowed() });
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
  const servman = createServmanLoader(store, runTask, setup.loadServman);
  const textConsent = createTextConsentLoader(store, setup.loadTextConsent);
  const conversation = createConversation(store, {
    clock: setup.clock,
    runTask: servman.runTask,
    late: () => ({ ...servman.late(), textConsent: textConsent.words() }),
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
        servman: servman.chapter,
      };
    },
    onStep: (stepId) => emit("step", { stepId, chapter: chapterOf(stepId, servman.late()) }),
    // A resumed conversation may stand at the program picker or after it (programs first), or
    // in ServMan's chapter (its steps first).
    prepare: () => Promise.all([session.loadPrograms(), servman.ready(), textConsent.ready()]).then(() => undefined),
    ...(flags.onboarding ? {} : { saved: createSavedConversation(storage, setup.company, setup.bot, Date.now, saveToServer(api, setup.company), tabStorage) }),
    restore(local) {
      const token = resumeToken;
      resumeToken = null;
      // Paid while the tab was closed: once the chat stands at the quote, the sale completes it.
      return restoreConversation(api, setup.company, local, token, ({ sale }) =>
        conversation.settled().then(() => store.get(pendingInputAtom)?.stepId === "quoteOpen" && quoteModal.completePurchase(sale!)),
      );
    },
  });

  store.set(queryFlagsAtom, flags);
  // Query flags first; a host page's prefill (already in the store) wins over them.
  store.set(customerAtom, (prefilled) => ({ ...flags.customer, ...prefilled }));

  // First open: where the visitor came from, unless an earlier visit already said (first touch wins).
  let attribution: Attribution | null = null;
  const readAttribution = () =>
    (attribution ??= firstTouch(flags.onboarding ? memoryStore() : storage, setup.company, Date.now(), () => parseAttribution(location.href, document.referrer)));

  // A conversation that failed to start does not start again on this page: 'Try again' then
  // ends in the error state again rather than in an empty chat.
  let startFailure: string | null = null;
  /** When the chat last opened: the greeting's bot delay counts from the visitor's click (clickTime). */
  let openedAt: number | null = null;
  const startWhenReady = () => {
    // Open, and the page told so (openedAt: after the frame that showed the window, chat-openings.ts).
    const visible = setup.mode === "inline" || (store.get(openAtom) && openedAt !== null);
    const status = store.get(configStatusAtom);
    // Nothing is written before the visitor opens the chat: inline, the first touch waits for the quote start.
    if (store.get(openAtom)) readAttribution();
    if (!visible || status.status !== "ready") return;
    try {
      if (startFailure) throw new Error(startFailure);
      conversation.start(openedAt === null ? undefined : clickTime(store.get(openAskedAtAtom), openedAt));
    } catch (error) {
      // A configuration that validates but cannot drive the flow: the error state, not a throw
      // into the click or the store update that got us here.
      startFailure ??= String(error);
      failStart(store, `${setup.company}/${setup.bot}: the conversation could not start: ${startFailure}`, status.config.companyPhone);
    }
  };

  const load = () => {
    // Each attempt (a retry after a failed configuration too) asks for the files afresh.
    languages.clear();
    languages.fetchAsked();
    loadCompanyConfig(store).catch(
      (error: unknown) => failStart(store, `${setup.company}/${setup.bot}: ${String(error)}`),
    );
  };

  const quoteModal = createQuoteModalActions({ store, api, companyId: setup.company, botId: setup.bot, host, session, conversation, events });

  return {
    conversation,
    session,
    clock: setup.clock,
    emit,
    searchAddresses: (query, signal) => searchAddresses(api, query, signal, setup.company),
    openDays: (month, signal) =>
      servman.chapter().then((chapter) =>
        chapter.openDays(api, { companyId: setup.company, botId: setup.bot, branchId: store.get(flowStateAtom)?.answers.branchId ?? "", month }, signal),
      ),
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
    announce: () => emit("ready", {}),
    connect() {
      if (resumeToken) store.set(openAtom, true);
      const openAtConnect = store.get(openAtom);
      if (openAtConnect) openedAt = setup.clock.now();
      const unsubscribeOpen = watchOpenings(store, setup.clock, {
        opened(at) {
          openedAt = at;
          emit("open", {});
          void leads.flush();
          startWhenReady();
        },
        closed: () => emit("close", {}),
        changed: startWhenReady,
      });
      const unsubscribeConfig = store.sub(configStatusAtom, () => {
        const status = store.get(configStatusAtom);
        if (status.status !== "loading") events.releaseHeld();
        // A ServMan company's chapter, and a texting company's consent words, fetched while the visitor answers the first questions.
        if (status.status === "ready") {
          servman.ahead();
          void textConsent.ready();
        }
        if (status.status === "error") emit("error", { where: "start", message: UNAVAILABLE_TITLE });
        startWhenReady();
      });
      const showPrices = () => {
        if (store.get(quoteModalOpenAtom)) events.emitOncePerQuote("quote_shown");
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
      if (openAtConnect) emit("open", {});
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
