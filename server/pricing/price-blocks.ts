// Prices a quote from a pricing table: one price block per program (SPEC §3), each
// application priced for the lawn's bracket, offers resolved for that bracket. Offers, tax,
// plans and rounding are the widget's to apply (src/pricing); sums here are in minor units.
import type { Offer, PriceBlockInput } from "../../src/contract/quote-services.ts";
import { toMajor, toMinor, type DemoCurrencyCode, type Minor } from "./money.ts";
import type { OfferFixture, PricingProgram, PricingTable } from "./pricing-table-schema.ts";

export interface PricingRequest {
  /** The lawn's size in the table's unit. */
  estimate: number;
  /** Names of the programs the visitor chose: their blocks come selected. */
  serviceTypes: readonly string[];
  answers: Readonly<Record<string, string>>;
  /** What `{{widgetOrigin}}` in an icon URL becomes. */
  widgetOrigin: string;
}

export type PricingResult =
  | { status: "ok"; blocks: PriceBlockInput[] }
  /** The lawn is larger than the table's largest bracket. */
  | { status: "too-big"; largestBracket: number };

/** A service line as the backend sends it (the schema's input: defaults may be left out). */
type LineInput = PriceBlockInput["services"]["application"][number];

const WIDGET_ORIGIN = "{{widgetOrigin}}";

export function completeAssetUrl(url: string, widgetOrigin: string): string {
  return url.replaceAll(WIDGET_ORIGIN, widgetOrigin);
}

/**
 * The index of the lawn's bracket: the first whose upper bound holds it. A lawn of 0 (not
 * measured) is in the first. undefined when the lawn is above the last bracket.
 */
export function findBracket(brackets: readonly number[], estimate: number): number | undefined {
  const index = brackets.findIndex((upTo) => estimate <= upTo);
  return index === -1 ? undefined : index;
}

export function priceQuote(table: PricingTable, request: PricingRequest): PricingResult {
  const brackets = table.lawnSizeBrackets;
  // A table without lawn-size programs has no brackets and prices any lawn.
  const bracket = brackets.length === 0 ? 0 : findBracket(brackets, request.estimate);
  if (bracket === undefined) return { status: "too-big", largestBracket: brackets.at(-1)! };
  const blocks = table.programs.map((program) => priceProgram(program, bracket, table.currency, request));
  return { status: "ok", blocks };
}

function priceProgram(program: PricingProgram, bracket: number, currency: DemoCurrencyCode, request: PricingRequest): PriceBlockInput {
  // Fixture amounts were checked against the currency at load, so toMinor always succeeds.
  const minor = (amount: number): Minor => toMinor(amount, currency)!;
  const major = (amount: Minor) => toMajor(amount, currency);
  const atBracket = (amounts: number | readonly number[]): Minor => minor(typeof amounts === "number" ? amounts : amounts[bracket]!);

  const price = program.price;
  let application: LineInput[];
  let prePay: LineInput[] = [];
  let regular: Minor;
  if (price.kind === "upfront") {
    regular = minor(price.recurringPrice);
    // One line describes the plan; the pre-pay lines are each payment of it.
    application = [
      {
        grossPrice: price.upfrontPrice,
        tooLateToDo: false,
        usesUpfrontPricing: true,
        upfrontPrice: price.upfrontPrice,
        recurringPrice: price.recurringPrice,
        recurringPeriod: price.recurringPeriod,
      },
    ];
    prePay = [price.upfrontPrice, ...Array<number>(price.recurringPayments).fill(price.recurringPrice)].map((grossPrice) => ({
      grossPrice,
    }));
  } else {
    regular = atBracket(price.perApplication);
    application = Array.from({ length: program.applications }, (_, i) => ({
      grossPrice: major(regular),
      tooLateToDo: i < program.tooLateToDo,
    }));
    const extra = program.extraLine;
    if (extra && request.answers[extra.whenAnswer] === extra.equals) {
      application.push({ grossPrice: major(atBracket(extra.price)), tooLateToDo: false });
    }
  }

  const charged = (price.kind === "upfront" ? prePay : application.filter((line) => !line.tooLateToDo)).map((line) => minor(line.grossPrice));
  const total = charged.reduce((sum, amount) => sum + amount, 0);
  const first = charged[0] ?? 0;
  const remaining = price.kind === "upfront" ? program.applications - program.tooLateToDo : application.filter((line) => !line.tooLateToDo).length;

  const icon = completeAssetUrl(program.icon, request.widgetOrigin);
  const block: PriceBlockInput = {
    id: `pb-${program.id}`,
    programId: program.id,
    serviceName: program.serviceName ?? program.name,
    serviceDescription: program.description,
    serviceType: program.name,
    isUpsell: program.listing !== "internal",
    alwaysOnTop: program.alwaysOnTop,
    selected: request.serviceTypes.includes(program.name),
    applicationLabel: program.applicationLabel,
    realTime: true,
    hideDiscountText: program.hideDiscountText,
    applicationsRemaining: remaining,
    prePayDiscount: program.prePayDiscount,
    offers: program.offers.map((offer) => resolveOffer(offer, program.id, (amounts) => major(atBracket(amounts)))),
    services: { application, prePay },
    pricing: [
      { frequencyType: "application", servicePrice: major(first), regularApplicationCost: major(regular), pricingMethod: price.kind, pricingPeriods: remaining },
      { frequencyType: "total", servicePrice: major(total), pricingMethod: price.kind, pricingPeriods: remaining },
    ],
    image: icon,
  };
  if (program.seasonalText !== undefined) block.seasonalText = program.seasonalText;
  return block;
}

/** The wire's Offer: a percent, or the price an application becomes. */
function resolveOffer(offer: OfferFixture, programId: string, forBracket: (amounts: number | readonly number[]) => number): Offer {
  const common = { appliedTo: offer.appliedTo, programId, hide: offer.hide };
  switch (offer.discountType) {
    case "percentage-off":
      return { discountType: offer.discountType, discountAmount: offer.percent, ...common };
    case "fixed-price":
      return { discountType: offer.discountType, discountAmount: offer.price, ...common };
    case "discounted-price-table":
      return { discountType: offer.discountType, discountAmount: forBracket(offer.prices), ...common };
  }
}
