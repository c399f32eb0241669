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
import { chooseProcessor, vaultSetup } from "./shared-core.ts";
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


export function createPaymentAdapter(
  config: ProcessorConfig,
  providers: PaymentProviders,
  context: AdapterContext,
  environment: AdapterEnvironment = {},
): PaymentAdapter {
  switch (chooseProcessor(config)) {
    case "bypass":
      return createBypassAdapter();
    case "card-vault": {
      const setup = providers.cardVault && vaultSetup(providers.cardVault, config.isLive ?? false);
      if (!setup?.scriptUrl) return createUnavailableAdapter("card-vault", "card-vault", words.notSetUp);
      return createCardVaultAdapter({
        scriptUrl: setup.scriptUrl,
        merchantId: setup.merchantId,
        ...(context.say ? { say: context.say } : {}),
        ...(environment.loadVault ? { loadVault: environment.loadVault } : {}),
      });
    }
    case "real-green": {
      if (!providers.crmPaymentFrameUrl) return createUnavailableAdapter("real-green", "real-green", words.notSetUp);
      return createCrmFrameAdapter({
        api: context.api,
        frameUrl: providers.crmPaymentFrameUrl,
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
      });
    }
    case "stripe": {
      if (!providers.stripe) return createUnavailableAdapter("stripe", "stripe", words.notSetUp);
      return createStripeAdapter({
        publishableKey: providers.stripe.publishableKey,
        ...(providers.stripe.scriptUrl ? { scriptUrl: providers.stripe.scriptUrl } : {}),
        ...(environment.loadStripe ? { loadStripe: environment.loadStripe } : {}),
      });
    }
  }
}

/** The device wallet goes through Stripe: offered when the company pays by card through Stripe. */
export function createWalletFor(config: ProcessorConfig, providers: PaymentProviders, environment: AdapterEnvironment = {}): DeviceWallet | null {
  if (chooseProcessor(config) !== "stripe" || !providers.stripe) return null;
  return createDeviceWallet({
    publishableKey: providers.stripe.publishableKey,
    country: providers.stripe.country,
    ...(providers.stripe.scriptUrl ? { scriptUrl: providers.stripe.scriptUrl } : {}),
    ...(environment.loadStripe ? { loadStripe: environment.loadStripe } : {}),
  });
}
