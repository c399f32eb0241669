// Everything the quote modal needs for checkout, from the company's configuration and the
// priced quote: the form for its `checkout` slot, whether 'Sign Up' may be pressed
// (`canSignUp`), and what pressing it does (`onSignUp`: pays once however often it is called).
//
//   const checkout = useCheckout({ config, providers, quote, api, companyId, botId, quoteId, crmId, host, onPaid });
//   <ProposalModal checkout={checkout.form} canSignUp={checkout.canPay} onSignUp={checkout.submit} ... />
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import type { ApiClient } from "../../api/client.ts";
import { yearMonthOf, type YearMonth } from "../../payments/card-expiry.ts";
import { createCheckoutController, type CheckoutState, type PaidResult } from "../../payments/checkout-controller.ts";
import { createPaymentAdapter, createWalletFor, type AdapterEnvironment } from "../../payments/create-payment-adapter.ts";
import type { PaymentProviders, ProcessorConfig } from "../../config/payment-providers.ts";
import { createPaymentSession, type PaymentSessionOptions } from "../../payments/payment-session.ts";
import type { PricedQuote } from "../../pricing/types.ts";
import { CheckoutForm } from "./checkout-form.tsx";
import { payments } from "../../i18n/en/payments.ts";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";
import { toJsonText, chooseProcessor, processorOf, toMajorString } from "../../lazy/shared-with-chunks.ts";

export interface CheckoutOptions {
  /** cardProcessor, paymentType, bypassPayment, isLive and companyName of the company configuration. */
  config: ProcessorConfig & { companyName: string };
  /** Where the providers live (Stripe key, card vault hosts and merchant ids, CRM frame URL). */
  providers: PaymentProviders;
  quote: PricedQuote;
  api: ApiClient;
  companyId: string;
  botId: string;
  quoteId: string;
  /** The quote's crmId (real-green's frame needs it). */
  crmId?: string | null;
  /** The <quote-assistant> element. */
  host: HTMLElement | null;
  onPaid(result: PaidResult): void;
  /** The server priced the quote differently (409): reload the prices. */
  onPricesChanged?(): void;
  /** The form's own pay button; default none (the modal's 'Sign Up' / '⚡ BUY NOW' pays). */
  payButton?: boolean;
  /** The quote modal's words in the visitor's language; default English. */
  words?: QuoteWords;
  /** This month, for the expiry check; default the visitor's calendar. */
  today?: YearMonth;
  /** Tests: the providers' scripts, the frames' window. */
  environment?: AdapterEnvironment;
  /** Tests: timeouts and waits of the payment call. */
  session?: Partial<Omit<PaymentSessionOptions, "api" | "companyId">>;
}

export interface Checkout {
  /** For ProposalModal's `checkout`. */
  form: ReactNode;
  /** For ProposalModal's `canSignUp`: card valid, amount due above 0, no charge running, not paid yet. */
  canPay: boolean;
  charging: boolean;
  /** For ProposalModal's `onSignUp`. */
  submit(): void;
  state: CheckoutState;
}

export function useCheckout(options: CheckoutOptions): Checkout {
  const { config, providers, api, companyId, botId, quoteId, crmId, host, quote, environment } = options;
  const onPaid = useRef(options.onPaid);
  onPaid.current = options.onPaid;
  const onPricesChanged = useRef(options.onPricesChanged);
  const changedBefore = useRef(false);
  onPricesChanged.current = options.onPricesChanged;
  const kind = chooseProcessor(config);
  const amount = toMajorString(quote.amountDueToday, quote.currency);
  // A payment session for one amount (Real Green's, of these programs, this term): a new amount
  // needs a new session and frame.
  const processor = processorOf(kind);
  const perAmount = processor.sessionPerAmount;
  const adapterAmount = perAmount ? amount : "";
  const programIds = quote.services.map((service) => service.block.id);
  const adapterPrograms = perAmount ? `${quote.totals.term} ${programIds.join(" ")}` : "";
  const today = options.today ?? yearMonthOf(new Date());

  // Settings objects are often rebuilt on every render: compare them by content, read them once.
  const providersKey = toJsonText(providers);
  const stable = useRef({ providers, environment, sessionOptions: options.session });
  if (toJsonText(stable.current.providers) !== providersKey) stable.current = { ...stable.current, providers };

  // One session (the charging lock and a payment left pending) for the whole checkout.
  const session = useMemo(() => createPaymentSession({ api, companyId, ...stable.current.sessionOptions }), [api, companyId]);

  const { controller, adapter } = useMemo(() => {
    // Real Green's session refused for changed prices: the prices reload, and the checkout that
    // follows the new amount keeps saying why (nothing was charged).
    const pricesChanged = () => {
      changedBefore.current = true;
      onPricesChanged.current?.();
    };
    const context = { api, companyId, botId, crmId: crmId ?? null, amount: adapterAmount || amount, quoteId, term: quote.totals.term, programIds, parentOrigin: location.origin, onPricesChanged: pricesChanged, say: (options.words ?? enQuote).label };
    const { providers: settings, environment: env } = stable.current;
    const alert = changedBefore.current ? payments.pricesChanged : null;
    changedBefore.current = false;
    const built = createPaymentAdapter(config, settings, context, env);
    return {
      adapter: built,
      controller: createCheckoutController({
        adapter: built,
        session,
        wallet: createWalletFor(config, settings, env),
        quote,
        companyId,
        botId,
        quoteId,
        companyName: config.companyName,
        today,
        onPaid: (result) => onPaid.current(result),
        onPricesChanged: () => onPricesChanged.current?.(),
        alert,
      }),
    };
    // Rebuilt only when what the fields depend on changes. The quote goes in through setQuote
    // below: a new price must not remount the card fields (the visitor would lose what they typed).
  }, [session, kind, config.isLive, config.companyName, providersKey, api, companyId, botId, quoteId, crmId, adapterAmount, adapterPrograms, today.year, today.month]);

  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => controller.setQuote(quote), [controller, quote]);

  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const words = options.words ?? enQuote;
  // No card to take (bypass): '⚡ BUY NOW'.
  const label = processor.token === "none" ? words.buyNow : words.payNow;
  return {
    form: <CheckoutForm key={`${kind}-${adapterAmount}`} controller={controller} adapter={adapter} host={host} payButton={options.payButton ? { label } : null} words={words} />,
    canPay: state.canPay,
    charging: state.charging,
    submit: () => void controller.submit(),
    state,
  };
}
