// Charges through Stripe with the official `stripe` package: one PaymentIntent per payment
// action, created and confirmed at once with the card from Stripe Elements, for the amount
// and currency the server holds, under the widget's Idempotency-Key (so a retried request,
// ours or the package's own network retry, finds the same PaymentIntent and never charges
// twice). 3-D Secure's requires_action goes back to the widget with the client secret;
// finish() reads what the intent came to afterwards. Stripe's errors become the messages the
// visitor is shown (SPEC §8, test-cards.ts DECLINE_MESSAGES). The secret key comes from the
// caller (the environment) and is never logged.
import Stripe from "stripe";
import { DECLINE_MESSAGES } from "./test-cards.ts";
import type { ChargeRequest, PaymentProcessor, ProcessorDecision } from "./processor.ts";

export interface StripeProcessorOptions {
  /** sk_live_… / sk_test_… from STRIPE_SECRET_KEY. */
  secretKey: string;
  /** Tests point the package at a local fake of the Stripe API. Default: api.stripe.com over https. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
  /** What the package sends with: its own Node HTTP client by default; a fetch (tests: a fake Stripe in process). */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The package's own retries of a lost request, with the same idempotency key. Default 2. */
  maxNetworkRetries?: number;
  /** Milliseconds per request to Stripe. Default 20000. */
  timeout?: number;
  /** Where failures are reported (never with the key or card data). Default console.error. */
  logError?: (message: string) => void;
}

const DECLINED = { ok: false, ...DECLINE_MESSAGES.declined } as const;
const PROCESSING_ERROR = { ok: false, ...DECLINE_MESSAGES["processing-error"] } as const;
const AUTHENTICATION_FAILED = {
  ok: false,
  error: "We were unable to authenticate your payment method. Please choose a different payment method and try again.",
  code: "card_declined",
} as const;
const NOT_THIS_PAYMENT = { ok: false, error: "This payment could not be processed: unknown payment.", code: "processing_error" } as const;

/** Stripe's decline and error codes → the visitor's message. Anything else declined: "Your card was declined." */
const BY_CODE: Record<string, ProcessorDecision> = {
  insufficient_funds: { ok: false, ...DECLINE_MESSAGES["insufficient-funds"] },
  expired_card: { ok: false, ...DECLINE_MESSAGES["expired-card"] },
  processing_error: PROCESSING_ERROR,
  card_declined: DECLINED,
  payment_intent_authentication_failure: AUTHENTICATION_FAILED,
};

/** The decision for an error the package threw. */
export function decisionForStripeError(error: unknown): ProcessorDecision {
  if (error instanceof Stripe.errors.StripeCardError) {
    return BY_CODE[error.decline_code ?? ""] ?? BY_CODE[error.code ?? ""] ?? DECLINED;
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_authentication_failure") {
    return AUTHENTICATION_FAILED;
  }
  return PROCESSING_ERROR;
}

function decisionForIntent(intent: Stripe.PaymentIntent): ProcessorDecision {
  switch (intent.status) {
    case "succeeded":
      return { ok: true, transactionId: intent.id, outcome: "success" };
    case "requires_action":
      if (!intent.client_secret) return PROCESSING_ERROR;
      return { ok: "requires_action", clientSecret: intent.client_secret, intentId: intent.id };
    case "requires_payment_method": {
      // 3-D Secure failed or the card was declined after the action.
      const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? "";
      return BY_CODE[code] ?? DECLINED;
    }
    default:
      // processing, requires_capture, requires_confirmation, canceled: not a charge we can report as made.
      return PROCESSING_ERROR;
  }
}


function errorSummary(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return `${error.type}${error.code ? ` ${error.code}` : ""} (request ${error.requestId ?? "?"})`;
  return error instanceof Error ? error.name : "unknown error";
}

export function createStripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch as typeof fetch) } : {}),
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeout ?? 20_000,
    telemetry: false,
    appInfo: { name: "quote-assistant-backend" },
  });
  const logError = options.logError ?? ((message: string) => console.error(message));

  return {
    name: "stripe",

    async charge(request: ChargeRequest) {
      const token = request.body.paymentInfo.token;
      if (token === null) return PROCESSING_ERROR;
      try {
        // Elements' createToken gives a tok_…: it becomes a PaymentMethod first (same key, its own suffix).
        const paymentMethod = token.startsWith("pm_")
          ? token
          : (await stripe.paymentMethods.create({ type: "card", card: { token } }, { idempotencyKey: `${request.idempotencyKey}-pm` })).id;
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            confirm: true,
            allowed_payment_method_types: ["card"],
            payment_method: paymentMethod,
            // The widget finishes 3-D Secure with stripe-js handleNextAction (no redirect).
            use_stripe_sdk: true,
            metadata: {
              company_id: request.companyId,
              bot_id: request.botId,
              quote_id: request.quoteId,
              idempotency_key: request.idempotencyKey,
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return decisionForIntent(intent);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) logError(`[stripe] charge failed: ${errorSummary(error)}`);
        return decisionForStripeError(error);
      }
    },

    async finish(request: ChargeRequest, intentId: string) {
      try {
        const intent = await stripe.paymentIntents.retrieve(intentId);
        const ours =
          intent.metadata.idempotency_key === request.idempotencyKey &&
          intent.metadata.company_id === request.companyId &&
          intent.amount === request.amountMinor &&
          intent.currency === request.currency.toLowerCase();
        if (!ours) return NOT_THIS_PAYMENT;
        return decisionForIntent(intent);
      } catch (error) {
        logError(`[stripe] finish failed: ${errorSummary(error)}`);
        return decisionForStripeError(error);
      }
    },
  };
}
