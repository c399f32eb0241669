// Picks and builds the payment adapter a company's configuration asks for (SPEC §3
// cardProcessor, paymentType, bypassPayment, isLive), and the device wallet where Stripe is set up.
import type { ApiClient } from "../api/client.ts";
import type { RealGreenPaymentBody } from "../contract/realgreen-payment.ts";
import { createBypassAdapter, createUnavailableAdapter } from "./bypass-adapter.ts";
import { createCardVaultAdapter } from "./card-vault-adapter.ts";
import { createCrmFrameAdapter } from "./crm-frame-adapter.ts";
import { createDeviceWallet, type DeviceWallet } from "./device-wallet.ts";
import type { PaymentAdapter } from "./payment-adapter.ts";
import type { PaymentProviders, ProcessorConfig } from "../config/payment-providers.ts";
import { createStripeAdapter } from "./stripe-adapter.ts";
import type { StripeLike } from "./stripe-subset.ts";
import type { CardVaultApi } from "./vault-provider.ts";
import { chooseProcessor, processorOf, vaultSetup } from "./shared-core.ts";
import type { ProcessorKind, ProcessorRowOf } from "../contract/payment-processors.ts";
import { payments as words } from "../i18n/en/payments.ts";

export interface AdapterContext {
  api: ApiClient;
  companyId: string;
  botId: string;
  /** The quote's crmId (real-green). */
  crmId?: string | null;
  /** What GET STARTED TODAY shows, in major units ("45.50"): the Real Green session is for it. */
  amount: string;
  /** The quote, its term and the programs switched on: the server prices the Real Green session from them. */
  quoteId: string;
  term: RealGreenPaymentBody["term"];
  programIds: string[];
  /** The page's origin, where provider frames answer. */
  parentOrigin: string;
  /** Real Green: the server priced the quote differently before the session (409): reload the prices. */
  onPricesChanged?(): void;
  /** The quote words' `label`: what a provider's frame or field is called, in the visitor's language. */
  say?(english: string): string;
}

/** What tests replace: the providers' scripts and the window that hears frames. */
export interface AdapterEnvironment {
  loadStripe?: (publishableKey: string, scriptUrl?: string) => Promise<StripeLike>;
  loadVault?: (scriptUrl: string) => Promise<CardVaultApi>;
  receiver?: Window;
}


/** What a kind's row `needs` of PaymentProviders, present (null for a processor that needs nothing). */
type Setting<K extends ProcessorKind> = K extends ProcessorKind
  ? ProcessorRowOf<K>["needs"] extends infer N extends keyof PaymentProviders ? NonNullable<PaymentProviders[N]> : null
  : never;
type Build<K extends ProcessorKind> = (setting: Setting<K>, config: ProcessorConfig, context: AdapterContext, environment: AdapterEnvironment) => PaymentAdapter | undefined;

/** Each processor's adapter, by its row of src/contract/payment-processors.ts; undefined: not set up after all. */
export const ADAPTERS: { [K in ProcessorKind]: Build<K> } = {
  stripe: (stripe, _config, _context, environment) =>
    createStripeAdapter({
      publishableKey: stripe.publishableKey,
      ...(stripe.scriptUrl ? { scriptUrl: stripe.scriptUrl } : {}),
      ...(environment.loadStripe ? { loadStripe: environment.loadStripe } : {}),
    }),
  "card-vault": (vault, config, context, environment) => {
    const setup = vaultSetup(vault, config.isLive ?? false);
    return setup.scriptUrl
      ? createCardVaultAdapter({
          scriptUrl: setup.scriptUrl,
          merchantId: setup.merchantId,
          ...(context.say ? { say: context.say } : {}),
          ...(environment.loadVault ? { loadVault: environment.loadVault } : {}),
        })
      : undefined;
  },
  "real-green": (frameUrl, _config, context, environment) =>
    createCrmFrameAdapter({
      api: context.api,
      frameUrl,
      companyId: context.companyId,
      botId: context.botId,
      crmId: context.crmId,
      amount: context.amount,
      quoteId: context.quoteId,
      term: context.term,
      programIds: context.programIds,
      parentOrigin: context.parentOrigin,
      ...(context.onPricesChanged ? { onPricesChanged: context.onPricesChanged } : {}),
      ...(context.say ? { say: context.say } : {}),
      ...(environment.receiver ? { receiver: environment.receiver } : {}),
    }),
  bypass: createBypassAdapter,
};

export function createPaymentAdapter(
  config: ProcessorConfig,
  providers: PaymentProviders,
  context: AdapterContext,
  environment: AdapterEnvironment = {},
): PaymentAdapter {
  const kind = chooseProcessor(config);
  const needs = processorOf(kind).needs;
  // An empty setting ("" for the frame's URL) is none.
  const setting = needs ? providers[needs] || undefined : null;
  // The kind and its builder agree by ADAPTERS' type; TypeScript cannot follow one union through both.
  const build = ADAPTERS[kind] as Build<ProcessorKind>;
  return (setting !== undefined && build(setting, config, context, environment)) || createUnavailableAdapter(kind, words.notSetUp);
}

/** The device wallet goes through Stripe: offered when the company's processor has a wallet (Stripe's row) and Stripe is set up. */
export function createWalletFor(config: ProcessorConfig, providers: PaymentProviders, environment: AdapterEnvironment = {}): DeviceWallet | null {
  if (!processorOf(chooseProcessor(config)).wallet || !providers.stripe) return null;
  return createDeviceWallet({
    publishableKey: providers.stripe.publishableKey,
    country: providers.stripe.country,
    ...(providers.stripe.scriptUrl ? { scriptUrl: providers.stripe.scriptUrl } : {}),
    ...(environment.loadStripe ? { loadStripe: environment.loadStripe } : {}),
  });
}
