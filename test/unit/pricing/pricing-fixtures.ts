// Small builders for price blocks and settings in pricing tests: every field the engine reads
// is spelled out with a plain default, so a case names only what it changes.
import type { Offer, PriceBlock, ServiceLineInput } from "../../../src/contract/quote-services.ts";
import type { PricingSettings } from "../../../src/pricing/types.ts";

/** A service line of `grossPrice` major units. */
export function line(grossPrice: number, extra: Partial<ServiceLineInput> = {}): ServiceLineInput {
  return { grossPrice, tooLateToDo: false, usesUpfrontPricing: false, ...extra };
}

/** `count` identical lines. */
export function lines(count: number, grossPrice: number, extra: Partial<ServiceLineInput> = {}): ServiceLineInput[] {
  return Array.from({ length: count }, () => line(grossPrice, extra));
}

export function offer(discountType: Offer["discountType"], discountAmount: number, extra: Partial<Offer> = {}): Offer {
  return { discountType, discountAmount, appliedTo: "first-app", hide: false, ...extra };
}

/** A selected block of program p1 with these application lines and no pre-pay lines. */
export function block(application: ServiceLineInput[], extra: Partial<PriceBlock> = {}): PriceBlock {
  return {
    id: "b1",
    programId: "p1",
    serviceName: "Fertilizer & Weed Control",
    serviceType: "fertilizer",
    isUpsell: false,
    alwaysOnTop: false,
    selected: true,
    applicationLabel: "application",
    realTime: true,
    hideDiscountText: false,
    applicationsRemaining: application.length,
    prePayDiscount: 0,
    offers: [],
    pricing: [],
    ...extra,
    services: { application, prePay: [], ...extra.services },
  };
}

/** USD at 0 % tax, application term, per-application autopay, both plans offered. */
export function settings(extra: Partial<PricingSettings> = {}): PricingSettings {
  return {
    currency: "USD",
    taxPercent: 0,
    taxOverride: false,
    term: "application",
    autopayMethod: "first-application-payment",
    period: 12,
    autoPayAvailable: true,
    prePayAvailable: true,
    ...extra,
  };
}
