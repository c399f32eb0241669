// What the quote modal may do to the widget, and the widget's doing of it. The modal lives in
// the lazily loaded quote chunk (src/ui/quote-chunk/), which gets these actions and the store's
// values as props, never the widget controller itself: the chunk cannot reach the
// conversation, the store or the host page except through these.
import type { ApiClient } from "../api/client.ts";
import { QUOTE_PURCHASED, THINK_ABOUT_IT } from "../flow/answers.ts";
import type { Term } from "../pricing/types.ts";
import { flowStateAtom } from "./atoms.ts";
import type { Conversation } from "./conversation.ts";
import type { Store } from "./atoms.ts";
import type { HostEventEmitter } from "./host-event-emitter.ts";
import type { CompletedSale } from "./host-events.ts";
import type { QuoteSession } from "./quote-session.ts";

export interface QuoteModalActions {
  /** The payment calls (checkout) go through the widget's API client. */
  api: ApiClient;
  companyId: string;
  botId: string;
  /** The <quote-assistant> element, where the payment providers' fields are mounted. */
  host: HTMLElement;
  setTerm(term: Term): void;
  toggleService(blockId: string, selected: boolean): void;
  /** Closes the modal; the chat stays where it was. */
  close(): void;
  /** 'I NEED TO THINK ABOUT IT': the modal closes and the chat takes it from there. */
  thinkAboutIt(): void;
  /** The sale is converted, the host page hears of it, the chat congratulates. */
  completePurchase(sale: CompletedSale): void;
  /** The server prices the quote differently: tax and prices are fetched again (the selection and the plan stay). */
  reloadPrices(): void;
  /** The visitor went on to checkout (the host page's `checkout_started`, once per quote). */
  checkoutStarted(): void;
  /** A payment failed with this message on screen (the host page's `error`). */
  paymentFailed(message: string): void;
}

export interface QuoteModalWiring {
  store: Store;
  api: ApiClient;
  companyId: string;
  botId: string;
  host: HTMLElement;
  session: QuoteSession;
  conversation: Conversation;
  events: HostEventEmitter;
}

/** The actions on the widget's conversation, quote session and host events. */
export function createQuoteModalActions(wiring: QuoteModalWiring): QuoteModalActions {
  const { store, session, conversation, events } = wiring;
  return {
    api: wiring.api,
    companyId: wiring.companyId,
    botId: wiring.botId,
    host: wiring.host,
    setTerm: (term) => session.setTerm(term),
    toggleService: (blockId, selected) => session.toggleService(blockId, selected),
    close: () => session.closeModal(),
    thinkAboutIt() {
      session.closeModal();
      conversation.answer(THINK_ABOUT_IT);
    },
    completePurchase(sale) {
      session.markConverted();
      session.recordSale(sale);
      session.closeModal();
      const { transactionId, value, currency, paymentMethod } = sale;
      events.emit("purchase", { transactionId, value, currency, paymentMethod, quoteId: store.get(flowStateAtom)?.answers.quoteId ?? null });
      conversation.answer(QUOTE_PURCHASED);
    },
    reloadPrices: () => void session.reloadPrices(),
    checkoutStarted: () => events.emitOncePerQuote("checkout_started"),
    paymentFailed: (message) => events.emit("error", { where: "payment", message }),
  };
}
