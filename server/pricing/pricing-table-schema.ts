// A demo company's pricing table (fixtures/pricing/<companyId>.json): what each program costs
// per application by lawn size, its offers and plans. The reference backend builds price
// blocks from it (price-blocks.ts); the widget never sees a table, only those blocks.
import * as v from "valibot";
import { PROBING_CHAPTERS } from "../../src/contract/program-types.ts";
import { MEASURE_UNITS } from "../../src/config/measurement.ts";
import { DEMO_CURRENCY_CODES, toMinor, type DemoCurrencyCode } from "./money.ts";

const ID = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, "must be lower-case letters, digits and dashes"));
const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));
/** Major units of the table's currency (45.5 = $45.50); the digits are checked per currency. */
const Amount = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(1_000_000));
const Count = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
/** One amount per lawn-size bracket, in the order of `lawnSizeBrackets`. */
const AmountPerBracket = v.pipe(v.array(Amount), v.minLength(1));

const appliedTo = v.optional(v.picklist(["first-app", "entire-program"]), "first-app");
const hide = v.optional(v.boolean(), false);

/** An offer as the company sets it up; price-blocks.ts turns it into the wire's Offer. */
export const OfferFixtureSchema = v.variant("discountType", [
  v.object({ discountType: v.literal("percentage-off"), percent: v.pipe(v.number(), v.gtValue(0), v.maxValue(100)), appliedTo, hide }),
  /** The application's price becomes `price`. */
  v.object({ discountType: v.literal("fixed-price"), price: Amount, appliedTo, hide }),
  /** The price becomes the discounted table's price for the lawn's bracket (lawn-size programs only). */
  v.object({ discountType: v.literal("discounted-price-table"), prices: AmountPerBracket, appliedTo, hide }),
]);
export type OfferFixture = v.InferOutput<typeof OfferFixtureSchema>;

export const ProgramPriceSchema = v.variant("kind", [
  /** Each application's price by the lawn's bracket. */
  v.object({ kind: v.literal("lawn-size"), perApplication: AmountPerBracket }),
  /** The same price whatever the lawn (pest control): hasNonSquareFootagePricing. */
  v.object({ kind: v.literal("flat"), perApplication: Amount }),
  /**
   * Upfront pricing (not by lawn size): `upfrontPrice` today, then `recurringPrice` every
   * `recurringPeriod` months, `recurringPayments` times (the pre-pay lines).
   */
  v.object({
    kind: v.literal("upfront"),
    upfrontPrice: Amount,
    recurringPrice: Amount,
    recurringPeriod: Count(1, 12),
    recurringPayments: Count(1, 51),
  }),
]);
export type ProgramPrice = v.InferOutput<typeof ProgramPriceSchema>;

/**
 * Where a program shows: `picker`, a program type the visitor can choose; `add-on`, offered
 * only on the proposal ('What else can we do for you?'); `internal`, a block with isUpsell
 * false that the widget drops (a CRM's bookkeeping line).
 */
export const PROGRAM_LISTINGS = ["picker", "add-on", "internal"] as const;

export const ProgramSchema = v.pipe(
  v.object({
    /** The block's programId. */
    id: ID,
    /** The program type's name, the blocks' serviceType: "Fertilizer & Weed Control". */
    name: text(100),
    /** The block's title when it differs from the name. */
    serviceName: v.optional(text(200)),
    listing: v.optional(v.picklist(PROGRAM_LISTINGS), "picker"),
    entryPoint: v.nullable(v.picklist(PROBING_CHAPTERS)),
    hasMandatoryQuestions: v.boolean(),
    /** Absolute URL, or `{{widgetOrigin}}/demo-assets/...`, completed when answered. */
    icon: v.pipe(v.string(), v.maxLength(2000), v.regex(/^(\{\{widgetOrigin\}\}\/|https:\/\/)/, "must start with {{widgetOrigin}}/ or https://")),
    description: text(300),
    applicationLabel: text(50),
    seasonalText: v.optional(text(300)),
    /** Applications (visits) in the season; with an extra line, a block holds at most 52. */
    applications: Count(1, 51),
    /**
     * The first N applications are past for this season: listed with tooLateToDo, not
     * charged. Fixed in the fixture, never computed from today's date, so prices are stable.
     */
    tooLateToDo: v.optional(Count(0, 51), 0),
    price: ProgramPriceSchema,
    /** One more application when an answer has a value: a thin lawn gets an overseeding. */
    extraLine: v.optional(
      v.object({
        whenAnswer: text(100),
        equals: text(2000),
        /** Per bracket for a lawn-size program, one amount for a flat one. */
        price: v.union([AmountPerBracket, Amount]),
      }),
    ),
    offers: v.optional(v.pipe(v.array(OfferFixtureSchema), v.maxLength(5)), []),
    /** Percent off the pre-pay total. */
    prePayDiscount: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100)), 0),
    alwaysOnTop: v.optional(v.boolean(), false),
    hideDiscountText: v.optional(v.boolean(), false),
  }),
  v.forward(
    v.check((p) => p.tooLateToDo < p.applications, "must leave at least one application"),
    ["tooLateToDo"],
  ),
  v.forward(
    v.check((p) => p.price.kind !== "upfront" || p.extraLine === undefined, "is not possible with upfront pricing"),
    ["extraLine"],
  ),
  // The plan sets what is paid today and each period; an offer would change the pre-pay
  // lines but not the upfront payment, and the two terms would disagree.
  v.forward(
    v.check((p) => p.price.kind !== "upfront" || p.offers.length === 0, "are not possible with upfront pricing"),
    ["offers"],
  ),
);
export type PricingProgram = v.InferOutput<typeof ProgramSchema>;

const tableEntries = {
  currency: v.picklist(DEMO_CURRENCY_CODES),
  /** The unit of the lawn sizes: the bot's measuring unit (sq ft, sq m, linear ft, linear m). */
  unit: v.picklist(MEASURE_UNITS),
  /**
   * Upper bounds (inclusive) of the lawn-size brackets, increasing: [5000, 10000] means up
   * to 5000, then up to 10000; a larger lawn cannot be priced (404, sqft-too-big).
   */
  lawnSizeBrackets: v.optional(v.array(v.pipe(v.number(), v.finite(), v.gtValue(0))), []),
  programs: v.pipe(v.array(ProgramSchema), v.minLength(1), v.maxLength(30)),
};

type TableFields = v.InferOutput<v.ObjectSchema<typeof tableEntries, undefined>>;
type Key = string | number;

/** A valibot issue path to `keys` inside `root`, so getDotPath names the field. */
function pathTo(root: unknown, keys: readonly Key[]): [v.IssuePathItem, ...v.IssuePathItem[]] {
  const items: v.IssuePathItem[] = [];
  let input = root as Record<Key, unknown>;
  for (const key of keys) {
    const value = input[key];
    items.push(
      typeof key === "number"
        ? { type: "array", origin: "value", input: input as unknown as unknown[], key, value }
        : { type: "object", origin: "value", input: input as Record<string, unknown>, key, value },
    );
    input = value as Record<Key, unknown>;
  }
  return items as [v.IssuePathItem, ...v.IssuePathItem[]];
}

/** The rules across fields: bracket counts, unique names, amounts the currency can hold. */
function checkTable(table: TableFields, report: (message: string, keys: readonly Key[]) => void): void {
  const brackets = table.lawnSizeBrackets;
  const bracketCount = brackets.length;
  brackets.forEach((upTo, i) => {
    if (i > 0 && upTo <= brackets[i - 1]!) report("must be larger than the bracket before it", ["lawnSizeBrackets", i]);
  });
  const bySize = table.programs.some((p) => p.price.kind === "lawn-size");
  if (bySize && bracketCount === 0) report("must list the brackets of the lawn-size programs", ["lawnSizeBrackets"]);
  if (!bySize && bracketCount > 0) report("must be empty when no program is priced by lawn size", ["lawnSizeBrackets"]);

  const amount = (value: number, keys: readonly Key[]) => {
    if (toMinor(value, table.currency as DemoCurrencyCode) === undefined) {
      report(`${value} is not a whole amount of ${table.currency}`, keys);
    }
  };
  const perBracket = (values: readonly number[], keys: readonly Key[]) => {
    if (values.length !== bracketCount) report(`must have one amount per lawn-size bracket (${bracketCount})`, keys);
    values.forEach((value, i) => amount(value, [...keys, i]));
  };

  const seen = { id: new Set<string>(), name: new Set<string>() };
  table.programs.forEach((program, i) => {
    const here = ["programs", i];
    for (const field of ["id", "name"] as const) {
      if (seen[field].has(program[field])) report(`"${program[field]}" is listed twice`, [...here, field]);
      seen[field].add(program[field]);
    }
    const price = program.price;
    if (price.kind === "lawn-size") perBracket(price.perApplication, [...here, "price", "perApplication"]);
    if (price.kind === "flat") amount(price.perApplication, [...here, "price", "perApplication"]);
    if (price.kind === "upfront") {
      amount(price.upfrontPrice, [...here, "price", "upfrontPrice"]);
      amount(price.recurringPrice, [...here, "price", "recurringPrice"]);
    }
    if (program.extraLine) {
      const keys = [...here, "extraLine", "price"];
      const extra = program.extraLine.price;
      if (price.kind === "lawn-size" && Array.isArray(extra)) perBracket(extra, keys);
      else if (price.kind === "flat" && !Array.isArray(extra)) amount(extra, keys);
      else report(`must have the shape of the program's price (${price.kind})`, keys);
    }
    program.offers.forEach((offer, j) => {
      const keys = [...here, "offers", j];
      if (offer.discountType === "fixed-price") amount(offer.price, [...keys, "price"]);
      if (offer.discountType === "discounted-price-table") {
        if (price.kind === "lawn-size") perBracket(offer.prices, [...keys, "prices"]);
        else report("needs a program priced by lawn size", [...keys, "discountType"]);
      }
    });
  });
}

function tableCheck<T extends TableFields>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const table = dataset.value;
    checkTable(table, (message, keys) => addIssue({ message, path: pathTo(table, keys) }));
  });
}

export const PricingTableSchema = v.pipe(v.object(tableEntries), tableCheck());
export type PricingTable = v.InferOutput<typeof PricingTableSchema>;

const documentEntries = { ...tableEntries, bots: v.optional(v.record(ID, PricingTableSchema), {}) };

/**
 * A company's pricing document, as the admin API reads and replaces it (and the store keeps
 * it): the company's table, and for bots that price differently (another currency, another
 * measuring unit) a whole table of their own under `bots`.
 */
export const PricingDocumentSchema = v.pipe(v.object(documentEntries), tableCheck());
export type PricingDocument = v.InferOutput<typeof PricingDocumentSchema>;

/** The fixture file: the company's pricing document with its `companyId`. */
export const PricingFixtureSchema = v.pipe(v.object({ companyId: ID, ...documentEntries }), tableCheck());
export type PricingFixture = v.InferOutput<typeof PricingFixtureSchema>;
