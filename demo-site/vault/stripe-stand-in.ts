// A stand-in for Stripe.js, served by the demo's card-provider origin at /stripe/v3.js in place
// of js.stripe.com (nothing here reaches the internet). It implements the subset the widget
// calls (src/payments/stripe-subset.ts): split card elements in iframes of this origin,
// createToken giving Stripe's test token names for the test cards, and a Payment Request
// that reports no wallet (the wallet button stays hidden in the demo).
import * as v from "valibot";
import type {
  CardElementType,
  PaymentRequestLike,
  StripeChangeEventLike,
  StripeConstructorLike,
  StripeElementLike,
  StripeLike,
  TokenResultLike,
} from "../../src/payments/stripe-subset.ts";
import { fieldFrameUrl, FrameMessageSchema, randomId, STAND_IN, type TokenizeMessage } from "./stand-in-messages.ts";

const scriptUrl = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href);
const providerOrigin = scriptUrl.origin;
const TOKENIZE_TIMEOUT_MS = 15_000;

function createStripe(publishableKey: string): StripeLike {
  if (typeof publishableKey !== "string" || !publishableKey.startsWith("pk_")) {
    throw new Error("Stripe stand-in: a publishable key (pk_...) is required");
  }
  const channel = randomId();
  const frames = new Map<CardElementType, HTMLIFrameElement>();
  const changeHandlers = new Map<CardElementType, Array<(event: StripeChangeEventLike) => void>>();
  const readyHandlers = new Map<CardElementType, Array<() => void>>();
  const pending = new Map<string, (result: TokenResultLike) => void>();

  window.addEventListener("message", (event: MessageEvent) => {
    if (event.origin !== providerOrigin) return;
    if (![...frames.values()].some((frame) => frame.contentWindow === event.source)) return;
    const parsed = v.safeParse(FrameMessageSchema, event.data);
    if (!parsed.success || parsed.output.channel !== channel) return;
    const message = parsed.output;
    if (message.type === "field") {
      const type = message.field as CardElementType;
      const change: StripeChangeEventLike = {
        elementType: type,
        empty: message.empty,
        complete: message.valid,
        error: message.error ? { message: message.error } : undefined,
      };
      for (const handler of changeHandlers.get(type) ?? []) handler(change);
    } else if (message.type === "ready") {
      for (const handler of readyHandlers.get(message.field as CardElementType) ?? []) handler();
    } else if (message.type === "result") {
      const resolve = pending.get(message.requestId);
      pending.delete(message.requestId);
      resolve?.(message.result.ok ? { token: { id: message.result.token, ...(message.result.card ? { card: message.result.card } : {}) } } : { error: { message: message.result.message, ...(message.result.code ? { code: message.result.code } : {}) } });
    }
  });

  function cardElement(type: CardElementType): StripeElementLike {
    let frame: HTMLIFrameElement | undefined;
    const titles: Record<CardElementType, string> = { cardNumber: "Secure card number input frame", cardExpiry: "Secure expiration date input frame", cardCvc: "Secure CVC input frame" };
    return {
      mount(domElement) {
        frame = document.createElement("iframe");
        frame.src = fieldFrameUrl(providerOrigin, { provider: "stripe", field: type, channel, parentOrigin: location.origin, params: { key: publishableKey } });
        frame.title = titles[type];
        frame.style.border = "0";
        frame.style.width = "100%";
        frame.style.height = "44px";
        frame.style.display = "block";
        domElement.replaceChildren(frame);
        frames.set(type, frame);
      },
      on(event: "change" | "ready", handler: ((event: StripeChangeEventLike) => void) | (() => void)) {
        const map = event === "change" ? changeHandlers : readyHandlers;
        map.set(type, [...(map.get(type) ?? []), handler as never]);
        return this;
      },
      destroy() {
        frame?.remove();
        frames.delete(type);
        changeHandlers.delete(type);
        readyHandlers.delete(type);
      },
    };
  }

  const paymentRequestButton = (): StripeElementLike => ({
    mount() {},
    on() {
      return undefined;
    },
    destroy() {},
  });

  return {
    elements: () => ({
      create: ((type: CardElementType | "paymentRequestButton") => (type === "paymentRequestButton" ? paymentRequestButton() : cardElement(type))) as never,
    }),
    createToken(element) {
      void element;
      const target = frames.get("cardNumber")?.contentWindow;
      if (!target) return Promise.resolve({ error: { message: "The card number element is not mounted." } });
      const requestId = randomId(12);
      return new Promise<TokenResultLike>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve({ error: { message: "Stripe did not answer. Please try again." } });
        }, TOKENIZE_TIMEOUT_MS);
        pending.set(requestId, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        const message: TokenizeMessage = { standIn: STAND_IN, type: "tokenize", channel, requestId };
        target.postMessage(message, providerOrigin);
      });
    },
    paymentRequest(): PaymentRequestLike {
      return {
        canMakePayment: () => Promise.resolve(null),
        on() {
          return undefined;
        },
      };
    },
  };
}

// @stripe/stripe-js compares this with the release it expects; the stand-in claims it.
const Stripe: StripeConstructorLike = Object.assign(createStripe, { version: "endive" });
(window as unknown as { Stripe: StripeConstructorLike }).Stripe = Stripe;
