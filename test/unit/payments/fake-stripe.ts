// A fake Stripe.js for unit tests: the subset the widget calls (src/payments/stripe-subset.ts),
// with handles to fire change and ready events, choose createToken's answer and whether a
// wallet is offered. Nothing here reaches js.stripe.com.
import type {
  CardElementType,
  PaymentRequestLike,
  PaymentRequestOptionsLike,
  PaymentRequestTokenEventLike,
  StripeChangeEventLike,
  StripeElementLike,
  StripeLike,
  TokenResultLike,
} from "../../../src/payments/stripe-subset.ts";

export interface FakeElement extends StripeElementLike {
  type: CardElementType | "paymentRequestButton";
  mountedIn: HTMLElement | null;
  destroyed: boolean;
  change(event: Partial<StripeChangeEventLike>): void;
  ready(): void;
}

export interface FakeStripe extends StripeLike {
  elementsCreated: FakeElement[];
  tokenResult: TokenResultLike;
  tokenCalls: Array<StripeElementLike>;
  /** null: no wallet (canMakePayment answers null). */
  wallet: Record<string, boolean> | null;
  paymentRequests: Array<{ options: PaymentRequestOptionsLike; emitToken(id: string): Promise<"success" | "fail"> }>;
}

export function createFakeStripe(): FakeStripe {
  const stripe: FakeStripe = {
    elementsCreated: [],
    tokenResult: { token: { id: "tok_visa" } },
    tokenCalls: [],
    wallet: null,
    paymentRequests: [],
    elements() {
      return {
        create: ((type: CardElementType | "paymentRequestButton") => {
          const handlers: { change: Array<(e: StripeChangeEventLike) => void>; ready: Array<() => void> } = { change: [], ready: [] };
          const element: FakeElement = {
            type,
            mountedIn: null,
            destroyed: false,
            mount(domElement) {
              element.mountedIn = domElement;
            },
            on(event: "change" | "ready", handler: never) {
              handlers[event].push(handler);
              return element;
            },
            destroy() {
              element.destroyed = true;
              element.mountedIn = null;
            },
            change(event) {
              for (const handler of handlers.change) handler({ elementType: type, empty: false, complete: false, ...event });
            },
            ready() {
              for (const handler of handlers.ready) handler();
            },
          };
          stripe.elementsCreated.push(element);
          return element;
        }) as never,
      };
    },
    async createToken(element) {
      stripe.tokenCalls.push(element);
      return stripe.tokenResult;
    },
    paymentRequest(options) {
      const tokenHandlers: Array<(event: PaymentRequestTokenEventLike) => void> = [];
      const request: PaymentRequestLike = {
        canMakePayment: async () => stripe.wallet,
        on(event: "token" | "cancel", handler: never) {
          if (event === "token") tokenHandlers.push(handler);
          return request;
        },
      };
      stripe.paymentRequests.push({
        options,
        emitToken: (id) =>
          new Promise((resolve) => {
            for (const handler of tokenHandlers) handler({ token: { id }, complete: resolve });
          }),
      });
      return request;
    },
  };
  return stripe;
}

/** window.Stripe's shape: a constructor that hands out this fake. */
export function installFakeStripe(stripe: FakeStripe): () => void {
  const holder = window as unknown as { Stripe?: unknown };
  const before = holder.Stripe;
  holder.Stripe = Object.assign(() => stripe, { version: "endive" });
  return () => {
    holder.Stripe = before;
  };
}
