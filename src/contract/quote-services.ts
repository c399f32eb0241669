// POST /v1/rtp/quote/services (SPEC §7): the price blocks of a quote, one per program the
// company sells. The backend prices each application (by lawn size, answers...); the widget's
// pricing engine (src/pricing) applies offers, tax, plans and rounding. Money on the wire is a
// JSON number in major units ("45.5" dollars) with at most the currency's decimal digits; the
// engine turns it into exact integer minor units and never sums floats.
import * as v from "valibot";
import { schemasOnUse } from "../schema/built-on-use.ts";
import { object } from "../schema/object-schemas.ts";
import { AnswersSchema } from "./shared-schemas.ts";

export const OFFER_TYPES = ["percentage-off", "fixed-price", "discounted-price-table"] as const;

/** The schemas of this contract, built on their first use (src/schema/built-on-use.ts). */
function quoteServicesSchemas() {
  const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
  const money = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1_000_000));

  const ServicesBodySchema = object({
    /** The selected programs' names (the picker's choice). */
    serviceTypes: v.pipe(v.array(text(100)), v.maxLength(50)),
    companyId: v.pipe(text(100), v.minLength(1)),
    quoteId: v.pipe(text(100), v.minLength(1)),
    botId: v.pipe(text(100), v.minLength(1)),
    /** The lawn's size in the company's unit (the adjusted size when the slider changed it). */
    estimate: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(10_000_000)),
    answers: AnswersSchema,
    street: text(200),
    city: text(100),
    postalCode: text(20),
    county: v.optional(text(100)),
    state: text(100),
    /** ISO 3166-1 alpha-2 (SPEC §7: countryCode). */
    country: text(2),
  });

  /** SPEC §3 Offer. */
  const OfferSchema = object({
    discountType: v.picklist(OFFER_TYPES),
    /** percentage-off: percent (0-100); fixed-price, discounted-price-table: the new price. */
    discountAmount: money,
    /** first-app: only the first application; entire-program: every application. */
    appliedTo: v.optional(v.picklist(["first-app", "entire-program"]), "first-app"),
    /** When set, the offer applies only to the block of this program. */
    programId: v.optional(text(100)),
    /** A hidden offer still lowers the price; its text is not shown. */
    hide: v.optional(v.boolean(), false),
  });

  /** One application of a program as the backend prices it (SPEC §3 service line, before offers and tax). */
  const ServiceLineInputSchema = object({
    /** The application's price before offers. */
    grossPrice: money,
    /** The season has passed this application: listed, not charged. */
    tooLateToDo: v.optional(v.boolean(), false),
    /** Upfront pricing: `upfrontPrice` today, then `recurringPrice` each period. */
    usesUpfrontPricing: v.optional(v.boolean(), false),
    upfrontPrice: v.optional(money),
    recurringPrice: v.optional(money),
    /** Months between recurring payments. */
    recurringPeriod: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12))),
  });

  const PricingEntrySchema = object({
    /** application, total, or another frequency the CRM knows. */
    frequencyType: text(50),
    servicePrice: money,
    regularApplicationCost: v.optional(money),
    pricingMethod: v.optional(text(50)),
    pricingPeriods: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52))),
  });

  /** SPEC §3 price block / service. */
  const PriceBlockSchema = object({
    id: v.pipe(text(100), v.minLength(1)),
    programId: v.pipe(text(100), v.minLength(1)),
    serviceName: v.pipe(text(200), v.minLength(1)),
    serviceDescription: v.optional(text(2000)),
    /** The program type's name; matches the picker's choice. */
    serviceType: text(100),
    /** Only upsell blocks are offered in the chat (SPEC §7). */
    isUpsell: v.boolean(),
    alwaysOnTop: v.optional(v.boolean(), false),
    /** Set by the widget from the local selected-services record; the backend's value is a default. */
    selected: v.optional(v.boolean(), false),
    /** "application", "visit", "treatment"... */
    applicationLabel: v.optional(text(50), "application"),
    seasonalText: v.optional(text(300)),
    realTime: v.optional(v.boolean(), true),
    hideDiscountText: v.optional(v.boolean(), false),
    applicationsRemaining: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52)),
    /** Percent off the pre-pay total (0-100). */
    prePayDiscount: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)), 0),
    offers: v.optional(v.array(OfferSchema), []),
    services: object({
      application: v.pipe(v.array(ServiceLineInputSchema), v.maxLength(52)),
      /** The lines billed under pre-pay; empty means the same as `application`. */
      prePay: v.optional(v.pipe(v.array(ServiceLineInputSchema), v.maxLength(52)), []),
    }),
    pricing: v.optional(v.array(PricingEntrySchema), []),
    /** Absolute URL of a picture of the service. */
    image: v.optional(text(2000)),
  });

  const PriceBlocksSchema = v.array(PriceBlockSchema);

  return { ServicesBodySchema, OfferSchema, ServiceLineInputSchema, PricingEntrySchema, PriceBlockSchema, PriceBlocksSchema };
}

const on = schemasOnUse(quoteServicesSchemas);
export const ServicesBodySchema = on("ServicesBodySchema");
/** SPEC §3 Offer. */
export const OfferSchema = on("OfferSchema");
/** One application of a program as the backend prices it (SPEC §3 service line, before offers and tax). */
export const ServiceLineInputSchema = on("ServiceLineInputSchema");
export const PricingEntrySchema = on("PricingEntrySchema");
/** SPEC §3 price block / service. */
export const PriceBlockSchema = on("PriceBlockSchema");
export const PriceBlocksSchema = on("PriceBlocksSchema");

export type ServicesBody = v.InferOutput<typeof ServicesBodySchema>;
export type Offer = v.InferOutput<typeof OfferSchema>;
export type ServiceLineInput = v.InferOutput<typeof ServiceLineInputSchema>;
export type PriceBlockInput = v.InferInput<typeof PriceBlockSchema>;
export type PriceBlock = v.InferOutput<typeof PriceBlockSchema>;
