// The checkout's state and actions, without React: which adapter, its validity, the vault's own
// expiry input, when the pay button is enabled (SPEC §4), the payment itself (one charge, see
// payment-session.ts) and what the visitor is told (SPEC §8). The view (src/ui/checkout) only
// renders this state and forwards events.
import { toMajorString } from "./shared-core.ts";
import type { PricedQuote } from "../pricing/types.ts";
import { checkExpiry, DEFAULT_EXPIRY, formatExpiryInput, type ExpiryCheck, type YearMonth } from "./card-expiry.ts";
import { canPay } from "./card-validity.ts";
import type { DeviceWallet } from "./device-wallet.ts";
import type { AdapterStatus, MountTarget, PaymentAdapter } from "./payment-adapter.ts";
import { buildPaymentBody } from "../contract/payment-body.ts";
import type { PayResult, PaymentSession } from "./payment-session.ts";
import { payments as words } from "../i18n/en/payments.ts";

/** What onPaid receives: the sale, for congrats-sale and the host page's `purchase` event. */
export interface PaidResult {
  transactionId: string;
  /** Minor units of `currency`: exactly GET STARTED TODAY. */
  amount: number;
  /** The same amount in major units as sent and charged ("45.50"). */
  value: string;
  currency: string;
  paymentMethod: PaymentAdapter["paymentMethod"];
}

export interface CheckoutState {
  adapter: AdapterStatus;
  /** The card vault's own expiry input, as shown. */
  expiryText: string;
  /** Its check (SPEC §5); null until typed, and for processors without the input. */
  expiry: ExpiryCheck | null;
  charging: boolean;
  /** The pay button's state (SPEC §4): card valid, amount due above 0, no charge running, not paid yet. */
  canPay: boolean;
  /** The provider's error text, shown under the form (SPEC §8). */
  providerError: string | null;
  /** A payment error, shown as an alert (SPEC §8). */
  alert: string | null;
  /** 'Data submitted successfully with transaction # {id}' after the vault took the card. */
  success: string | null;
  paid: PaidResult | null;
  /** The device wallet's button is on screen. */
  walletAvailable: boolean;
}

export interface CheckoutControllerOptions {
  adapter: PaymentAdapter;
  session: PaymentSession;
  /** null: no device wallet for this processor. */
  wallet?: DeviceWallet | null;
  quote: PricedQuote;
  companyId: string;
  botId: string;
  quoteId: string;
  /** The wallet sheet's label. */
  companyName: string;
  /** This month, for the expiry check (the caller reads the clock). */
  today: YearMonth;
  onPaid(result: PaidResult): void;
  /** The server priced the quote differently (nothing was charged): fetch the prices again. */
  onPricesChanged?(): void;
  /** An alert shown from the start (the prices changed before this checkout was built). */
  alert?: string | null;
}

export interface CheckoutController {
  getState(): CheckoutState;
  subscribe(listener: () => void): () => void;
  /** The expiry input changed to `typed`. */
  typeExpiry(typed: string): void;
  /** The quote on screen changed (plan switch, a service added): what the next payment charges. */
  setQuote(quote: PricedQuote): void;
  /** Puts the processor's fields in the form (again after an unmount). */
  mount(target: MountTarget): Promise<void>;
  mountWallet(target: { container: HTMLElement; host: HTMLElement | null }): Promise<void>;
  unmountWallet(): void;
  /** Takes the processor's fields and the wallet off the form. */
  unmount(): void;
  /** Unmounts and stops listening to the adapter and the session (which may outlive this controller). */
  dispose(): void;
  /** The pay button, or Enter in the form. Safe to call twice in one tick: one payment. */
  submit(): Promise<SubmitResult>;
}

/** A press while the button is disabled (card incomplete, nothing due, already paid) does nothing. */
export type SubmitResult = PayResult | { status: "not-ready" };

export const SUCCESS_TEXT = (transactionId: string) => `Data submitted successfully with transaction # ${transactionId}`;

export function createCheckoutController(options: CheckoutControllerOptions): CheckoutController {
  const { adapter, session } = options;
  const ownExpiry = adapter.fields.some((field) => field.kind === "own-expiry");
  let quote = options.quote;
  const listeners = new Set<() => void>();
  let state: CheckoutState = {
    adapter: adapter.status(),
    expiryText: "",
    expiry: null,
    charging: session.charging,
    canPay: false,
    providerError: null,
    alert: options.alert ?? null,
    success: null,
    paid: null,
    walletAvailable: false,
  };

  function cardValid(): boolean {
    if (state.adapter.unavailable || !state.adapter.valid) return false;
    return !ownExpiry || state.expiry?.status === "valid";
  }

  function update(patch: Partial<CheckoutState>) {
    const next = { ...state, ...patch };
    next.charging = session.charging;
    state = next;
    state = { ...state, canPay: state.paid === null && canPay({ cardValid: cardValid(), amountDue: quote.amountDueToday, charging: session.charging }) };
    for (const listener of [...listeners]) listener();
  }
  update({});

  const stopAdapter = adapter.onStatus((status) => update({ adapter: status, providerError: status.error }));
  const stopSession = session.subscribe(() => update({}));

  // A payment left without an answer is retried as it was only while the quote still charges the same.
  const stillCurrent = (body: { amount: string; term: string }) =>
    body.term === quote.totals.term && body.amount === toMajorString(quote.amountDueToday, quote.currency);

  function idsOf() {
    return { companyId: options.companyId, botId: options.botId, quoteId: options.quoteId };
  }

  function finish(result: PayResult, charged: PricedQuote, paymentMethod: PaidResult["paymentMethod"]): PayResult {
    switch (result.status) {
      case "paid": {
        const paid: PaidResult = {
          transactionId: result.payment.transactionId,
          amount: charged.amountDueToday,
          value: result.payment.amount,
          currency: result.payment.currency,
          paymentMethod,
        };
        update({ paid, alert: null, providerError: null });
        options.onPaid(paid);
        break;
      }
      case "declined":
        update({ alert: result.error, success: null });
        break;
      case "refused":
        update({ alert: words.refused, success: null });
        break;
      case "changed":
        update({ alert: words.pricesChanged, success: null });
        options.onPricesChanged?.();
        break;
      case "card-error":
        update({ providerError: result.error, success: null });
        break;
      case "interrupted":
      case "busy":
        // SPEC §8: a network error only resets charging (the session already did).
        update({});
        break;
    }
    return result;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    typeExpiry(typed) {
      const expiryText = formatExpiryInput(typed, state.expiryText);
      update({ expiryText, expiry: expiryText === "" ? null : checkExpiry(expiryText, options.today) });
    },

    setQuote(next) {
      quote = next;
      update({});
    },

    mount: (target) => adapter.mount(target),

    async mountWallet(target) {
      if (!options.wallet) return;
      const charged = quote;
      const available = await options.wallet.mount(
        target,
        { currency: charged.currency, amount: charged.amountDueToday, label: options.companyName },
        (token, complete) => {
          if (state.paid) return complete(false);
          void session
            .pay(async () => ({
              endpoint: "v1/payment/device",
              body: buildPaymentBody(charged, { ...idsOf(), paymentMethod: "device-wallet", token, expiry: { ...DEFAULT_EXPIRY } }),
            }))
            .then((result) => {
              complete(result.status === "paid");
              finish(result, charged, "device-wallet");
            });
        },
      );
      update({ walletAvailable: available });
    },

    unmountWallet() {
      options.wallet?.unmount();
      update({ walletAvailable: false });
    },

    unmount() {
      adapter.unmount();
      options.wallet?.unmount();
    },

    dispose() {
      this.unmount();
      stopAdapter();
      stopSession();
    },

    submit() {
      // No await before session.pay: its lock is what makes a second press in the same tick a no-op.
      if (session.charging) return Promise.resolve({ status: "busy" });
      if (state.paid || !state.canPay) return Promise.resolve({ status: "not-ready" });
      const charged = quote;
      update({ alert: null, providerError: null });
      const pressed = session.pay(async () => {
        const ownMonth = state.expiry?.month;
        const ownYear = state.expiry?.year;
        const tokenized = await adapter.tokenize(ownExpiry && ownMonth && ownYear ? { expiry: { month: ownMonth, year: ownYear } } : {});
        if (!tokenized.ok) return { error: tokenized.error };
        if (tokenized.vaultTransactionId) update({ success: SUCCESS_TEXT(tokenized.vaultTransactionId) });
        return {
          endpoint: "v1/secure/payment",
          ...(adapter.handleNextAction ? { handleNextAction: (clientSecret: string) => adapter.handleNextAction!(clientSecret) } : {}),
          body: buildPaymentBody(charged, {
            ...idsOf(),
            paymentMethod: adapter.paymentMethod,
            token: tokenized.token,
            ...(tokenized.paymentToken === undefined ? {} : { paymentToken: tokenized.paymentToken }),
            ...(tokenized.crmId === undefined ? {} : { crmId: tokenized.crmId }),
            expiry: tokenized.expiry,
          }),
        };
      }, stillCurrent);
      return pressed.then((result): SubmitResult => finish(result, charged, adapter.paymentMethod));
    },
  };
}
