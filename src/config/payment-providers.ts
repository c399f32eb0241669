// Which processor a company uses (SPEC §3 cardProcessor, paymentType, bypassPayment) and where
// the providers live. Pure: the settings are data; the adapters load the scripts.
import * as v from "valibot";
import { DEFAULT_PROCESSOR, PAYMENT_PROCESSORS, type ProcessorKind } from "../contract/payment-processors.ts";

/**
 * Where each provider is for a company. Not in SPEC §3 (the spec shows no field for a
 * publishable key or a merchant id); these come from the company's configuration.
 */
export const PaymentProvidersSchema = v.object({
  stripe: v.optional(
    v.object({
      /** pk_live_… or pk_test_…: Stripe's publishable key (public by design). */
      publishableKey: v.pipe(v.string(), v.startsWith("pk_")),
      /**
       * Stripe.js's own URL on js.stripe.com, or (development origins only) a stand-in that
       * defines window.Stripe. URLs are checked by src/config/config-urls.ts: a bad one is
       * dropped, not a reason to refuse the whole configuration.
       */
      scriptUrl: v.optional(v.string()),
      /** The Stripe account's country, for the device wallet's Payment Request; default US. */
      country: v.optional(v.pipe(v.string(), v.length(2), v.toUpperCase()), "US"),
    }),
  ),
  cardVault: v.optional(
    v.object({
      /** The provider script on its production host (isLive) and on its sandbox host; missing or refused: not set up. */
      productionScriptUrl: v.optional(v.string()),
      sandboxScriptUrl: v.optional(v.string()),
      /** The merchant id differs live and test (SPEC §7). */
      liveMerchantId: v.pipe(v.string(), v.minLength(1)),
      testMerchantId: v.pipe(v.string(), v.minLength(1)),
    }),
  ),
  /** Real Green: the CRM's payment frame page. */
  crmPaymentFrameUrl: v.optional(v.string()),
});
export type PaymentProviders = v.InferOutput<typeof PaymentProvidersSchema>;

/** The configuration fields that choose the processor (a CompanyConfig fits). */
export interface ProcessorConfig {
  cardProcessor?: string;
  paymentType?: string;
  bypassPayment?: boolean;
  isLive?: boolean;
}

/** The row whose `named` matches (src/contract/payment-processors.ts); bypass is named by its flag only. */
function processorNamed(name: string | undefined): ProcessorKind | undefined {
  const value = name?.trim().toLowerCase();
  return value ? PAYMENT_PROCESSORS.find((row) => row.named?.test(value))?.kind : undefined;
}

/**
 * bypassPayment wins (no card). Otherwise cardProcessor decides; both it and paymentType
 * default to stripe, so a paymentType naming another processor counts when cardProcessor is
 * left at stripe. Anything unknown is stripe, SPEC §3's default.
 */
export function chooseProcessor(config: ProcessorConfig): ProcessorKind {
  if (config.bypassPayment) return "bypass";
  const byCard = processorNamed(config.cardProcessor);
  const byType = processorNamed(config.paymentType);
  if (byCard && byCard !== DEFAULT_PROCESSOR) return byCard;
  return byType ?? byCard ?? DEFAULT_PROCESSOR;
}

/** The card vault's script and merchant id for live or test traffic. */
export function vaultSetup(vault: NonNullable<PaymentProviders["cardVault"]>, isLive: boolean): { scriptUrl: string | undefined; merchantId: string } {
  return isLive
    ? { scriptUrl: vault.productionScriptUrl, merchantId: vault.liveMerchantId }
    : { scriptUrl: vault.sandboxScriptUrl, merchantId: vault.testMerchantId };
}
