// The part of Stripe.js the widget calls: split card elements, createToken, and the Payment
// Request (device wallet). Typed narrowly so that a test fake, or the demo's stand-in served in
// place of js.stripe.com, can implement exactly this and nothing more.

export type CardElementType = "cardNumber" | "cardExpiry" | "cardCvc";

export interface StripeChangeEventLike {
  elementType: string;
  empty: boolean;
  complete: boolean;
  error?: { message: string } | undefined;
}

export interface StripeElementLike {
  mount(domElement: HTMLElement): void;
  on(event: "change", handler: (event: StripeChangeEventLike) => void): unknown;
  on(event: "ready", handler: () => void): unknown;
  destroy(): void;
}

export interface StripeElementsLike {
  create(type: CardElementType, options?: { placeholder?: string; style?: Record<string, unknown> }): StripeElementLike;
  create(type: "paymentRequestButton", options: { paymentRequest: PaymentRequestLike }): StripeElementLike;
}

export type TokenResultLike =
  | { token: { id: string }; error?: undefined }
  | { token?: undefined; error: { message?: string; code?: string } };

export interface PaymentRequestTokenEventLike {
  token: { id: string };
  complete(status: "success" | "fail"): void;
}

export interface PaymentRequestLike {
  /** null: the browser offers no wallet (the wallet button stays hidden). */
  canMakePayment(): Promise<Record<string, boolean> | null>;
  on(event: "token", handler: (event: PaymentRequestTokenEventLike) => void): unknown;
  on(event: "cancel", handler: () => void): unknown;
}

export interface PaymentRequestOptionsLike {
  /** The Stripe account's two-letter country. */
  country: string;
  /** Lower-case ISO 4217. */
  currency: string;
  /** amount: minor units, as Stripe counts. */
  total: { label: string; amount: number };
  requestPayerName?: boolean;
  requestPayerEmail?: boolean;
}

export interface NextActionResultLike {
  paymentIntent?: { id: string; status: string };
  error?: { message?: string; code?: string };
}

export interface StripeLike {
  elements(): StripeElementsLike;
  /** 3-D Secure and other next actions of a PaymentIntent the server confirmed (stripe-js ≥ 1.x). */
  handleNextAction?(options: { clientSecret: string }): Promise<NextActionResultLike>;
  createToken(element: StripeElementLike): Promise<TokenResultLike>;
  paymentRequest(options: PaymentRequestOptionsLike): PaymentRequestLike;
}

/** window.Stripe as Stripe.js (or a stand-in) defines it. */
export type StripeConstructorLike = ((publishableKey: string) => StripeLike) & { version?: string | number };
