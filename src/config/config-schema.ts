// Company/bot configuration (SPEC §3) with the defaults of SPEC §9: its schema and types. One
// schema, used by the widget to validate what it loads and by the reference backend to validate
// its fixtures; ./company-config.ts parses with it and re-exports it. Apart from that file so
// that the URL and colour checks it runs (./config-urls.ts, ./config-colors.ts) can name the
// configuration's type without importing it back. The schema is built on its first parse, not
// when the module runs (src/schema/built-on-use.ts, issue 35).
import * as v from "valibot";
import { builtOnUse } from "../schema/built-on-use.ts";
import { hardenObjectSchemas, object } from "../schema/object-schemas.ts";
import { LANGUAGES, OTHER_LANGUAGES, type OtherLanguage } from "../i18n/language-tags.ts";
import { PaymentProvidersSchema } from "./payment-providers.ts";

// Some CRMs send lists as JSON text; accept both a list and its JSON encoding.
function jsonList<T extends v.GenericSchema>(item: T) {
  const list = v.array(item);
  return v.union([
    list,
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        try {
          return JSON.parse(dataset.value) as unknown;
        } catch {
          addIssue({ message: "is not valid JSON" });
          return NEVER;
        }
      }),
      list,
    ),
  ]);
}

const marketingSourceSchema = () =>
  object({
    code: v.string(),
    description: v.string(),
  });

const questionText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

export const OBJECTION_REASONS = ["price", "product", "people"] as const;
/** objectionSteps: the company's own rebuttal to one reason; a reason it leaves out keeps the built-in one. */
const objectionStepSchema = () =>
  object({
    reason: v.picklist(OBJECTION_REASONS),
    rebuttal: questionText(1000),
  });

/**
 * A company-configured step (serviceQuestionsSteps, probingQuestions, preModalQuestions,
 * learnMoreSteps): buttons when it has options, else a number or text input, else words only. The answer is saved under `id`
 * and recorded on the quote with the other answers.
 */
const configuredQuestionSchema = () =>
  v.pipe(
    object({
      /** The answer's variable name, e.g. "lawnGoal". */
      id: v.pipe(v.string(), v.regex(/^[A-Za-z][\w.]{0,59}$/, "must be a variable name (letters, digits, _ or .)")),
      question: questionText(500),
      options: v.optional(v.pipe(v.array(questionText(100)), v.minLength(1), v.maxLength(12))),
      input: v.optional(
        v.variant("kind", [
          object({
            kind: v.literal("number"),
            /** whole: 'Please enter a whole number.'; decimal: any number. */
            subtype: v.optional(v.picklist(["whole", "decimal"]), "decimal"),
            min: v.optional(v.pipe(v.number(), v.finite())),
            max: v.optional(v.pipe(v.number(), v.finite())),
            label: v.optional(questionText(100)),
          }),
          object({
            kind: v.literal("text"),
            maxLength: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(300)), 300),
            label: v.optional(questionText(100)),
          }),
        ]),
      ),
      /** serviceQuestionsSteps: asked only when this program is selected. */
      program: v.optional(questionText(100)),
    }),
    // Without options or an input, a step only says its words (a learn-more step).
    v.check(
      (q) => q.input?.kind !== "number" || q.input.min === undefined || q.input.max === undefined || q.input.min <= q.input.max,
      "min must not exceed max",
    ),
  );
export type ConfiguredQuestion = v.InferOutput<ReturnType<typeof configuredQuestionSchema>>;

export const CRM_SOLUTIONS = ["real-green", "servman"] as const;
export const ESTIMATE_SOURCES = ["measur-it", "zillow", "home", "other"] as const;

/** The whole configuration's schema; CompanyConfigSchema builds it on its first parse. */
function companyConfigSchema() {
  // Built with valibot's own builders: made as safe as ours on pages that extend Object.prototype.
  hardenObjectSchemas(PaymentProvidersSchema);
  const optionalText = v.optional(v.string());
  const ConfiguredQuestionSchema = configuredQuestionSchema();
  const MarketingSourceSchema = marketingSourceSchema();
  const ObjectionStepSchema = objectionStepSchema();

  /** The company's own texts that may be given per language (`translations.es`). */
  const TranslatedTextsSchema = object({
    salutation: optionalText,
    greeting: optionalText,
    valueAddDescription: optionalText,
    instaQuoteMessage: optionalText,
    marketingSourceInquiryPrompt: optionalText,
    gettingStartedText: optionalText,
    customSchedulingVerbiage: optionalText,
    alternativePaymentVerbiage: optionalText,
    /** The company's own probing questions, all of them, in this language. */
    probingQuestions: v.optional(v.pipe(v.array(ConfiguredQuestionSchema), v.maxLength(20))),
  });

  /** `translations`: a key for each language of the list but English (src/i18n/languages.mjs). */
  const TRANSLATIONS = Object.fromEntries(OTHER_LANGUAGES.map((lang) => [lang, v.optional(TranslatedTextsSchema)])) as {
    [L in OtherLanguage]: v.OptionalSchema<typeof TranslatedTextsSchema, undefined>;
  };

  return v.pipe(
    object({
      id: v.string(),
      isLive: v.optional(v.boolean(), false),
      paymentType: v.optional(v.string(), "stripe"),
      currency: v.optional(v.pipe(v.string(), v.length(3), v.toUpperCase()), "USD"),
      taxOverride: v.optional(v.boolean(), false),
      companyName: v.pipe(v.string(), v.minLength(1)),
      bypassPayment: v.optional(v.boolean(), false),
      /** false: no events pushed to the page's dataLayer / gtag (README 'Analytics without code'). */
      analytics: v.optional(v.boolean(), true),
      companyPhone: optionalText,
      phone: optionalText,
      companyLogo: optionalText,
      logo: optionalText,
      companyAvatar: optionalText,
      tagLine: optionalText,
      /** The company's colour: header, bubble, buttons (src/ui/shared/brand-colors.ts). */
      brandColor: optionalText,
      /** An optional second colour: focus rings, when it is readable on white. */
      accentColor: optionalText,
      botName: v.optional(v.pipe(v.string(), v.minLength(1)), "Quote Assistant"),
      botType: v.optional(v.picklist(["pest", "other"]), "other"),
      sqftEstimateSource: v.optional(v.picklist(ESTIMATE_SOURCES), "measur-it"),
      instaQuoteMessage: optionalText,
      availableServiceTypes: v.optional(v.array(v.string()), []),
      valueAddDescription: optionalText,
      companyValueDescription: optionalText,
      aboutUsVideo: optionalText,
      valueAddImage: optionalText,
      companyTeamPic: optionalText,
      marketingSourceInquiryPrompt: optionalText,
      areMarketingQuestionsActivated: v.optional(v.boolean(), false),
      marketingSources: v.optional(jsonList(MarketingSourceSchema), []),
      minQuotableSize: v.optional(v.pipe(v.number(), v.minValue(0)), 500),
      maxQuotableSize: v.optional(v.pipe(v.number(), v.minValue(0)), 40000),
      serviceTax: v.optional(v.pipe(v.number(), v.minValue(0)), 0),
      lookupZipCodeTax: v.optional(v.boolean(), false),
      // A null (or 'null') entry means any zip is serviced.
      zipCodes: v.optional(v.array(v.nullable(v.string())), [null]),
      sqFtPercentage: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), 0.4),
      dontTaxZipCodes: v.optional(v.array(v.string()), []),
      autoPayAvailable: v.optional(v.boolean(), true),
      prePayAvailable: v.optional(v.boolean(), true),
      hideSummary: v.optional(v.boolean(), false),
      autoPayAlternativeLabel: optionalText,
      alternativePaymentVerbiage: optionalText,
      autoPayPriceMethod: v.optional(v.string(), "first-application-payment"),
      autoPayMonthlyPricePeriod: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 12),
      botQuoteAnalyzingGif: optionalText,
      // Milliseconds a bot message waits behind the typing indicator.
      botSpeed: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10000)), 1750),
      quoteModalImage: optionalText,
      learnMoreSteps: v.optional(v.pipe(v.array(ConfiguredQuestionSchema), v.maxLength(20)), []),
      objectionSteps: v.optional(v.pipe(v.array(ObjectionStepSchema), v.maxLength(3)), []),
      serviceQuestionsSteps: v.optional(v.pipe(v.array(ConfiguredQuestionSchema), v.maxLength(20)), []),
      probingQuestions: v.optional(v.pipe(v.array(ConfiguredQuestionSchema), v.maxLength(20)), []),
      preModalQuestions: v.optional(v.pipe(v.array(ConfiguredQuestionSchema), v.maxLength(20)), []),
      termsOfService: optionalText,
      tos: optionalText,
      crmSolution: v.optional(v.nullable(v.picklist(CRM_SOLUTIONS))),
      crmLeadSolution: v.optional(v.nullable(v.picklist(["sales-center"]))),
      crmPortalUrl: optionalText,
      zillowFallback: v.optional(v.boolean(), false),
      willRedirect: v.optional(v.boolean(), false),
      redirectUrl: optionalText,
      salutation: optionalText,
      greeting: optionalText,
      isMetric: v.optional(v.boolean(), false),
      measurementMode: v.optional(v.picklist(["perimeter", "area"]), "area"),
      serviceAgreementContent: optionalText,
      noServiceAgreementContent: optionalText,
      serviceAgreementTellMeMore: optionalText,
      emergencyTellMeMore: optionalText,
      programDetails: v.optional(
        object({
          programName: v.string(),
          useProbingQuestions: v.optional(v.boolean(), false),
        }),
      ),
      gettingStartedText: optionalText,
      hideArielAndStreetView: v.optional(v.boolean(), false),
      customSchedulingVerbiage: optionalText,
      cardProcessor: v.optional(v.string(), "stripe"),
      // Where the payment providers live (Stripe key, card vault hosts and merchant ids, CRM frame).
      payments: v.optional(PaymentProvidersSchema),
      // Where the measuring tool lives; its exact origin is the only one whose messages count.
      measuringToolUrl: optionalText,
      /**
       * Set by the server, never by the company (server/ports/config-needs.ts): the bot sends
       * follow-up texts, at most `texts`, so the phone step shows the consent box (issue 34).
       */
      textConsent: v.optional(object({ texts: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)) })),
      /** The visitor's language when the page does not choose one (the README, "Languages"). */
      language: v.optional(v.picklist(LANGUAGES)),
      /** The company's own texts in another language; a text not given there is shown as given above. */
      translations: v.optional(object(TRANSLATIONS)),
    }),
    v.check(
      (c) => c.minQuotableSize <= c.maxQuotableSize,
      "minQuotableSize must not exceed maxQuotableSize",
    ),
    // Fields the spec gives under two names are read through one.
    v.transform((c) => ({
      ...c,
      companyPhone: c.companyPhone ?? c.phone,
      companyLogo: c.companyLogo ?? c.logo,
      valueAddDescription: c.valueAddDescription ?? c.companyValueDescription,
      termsOfService: c.termsOfService ?? c.tos,
    })),
  );
}

export const CompanyConfigSchema = builtOnUse(companyConfigSchema);

export type CompanyConfigInput = v.InferInput<typeof CompanyConfigSchema>;
export type CompanyConfig = v.InferOutput<typeof CompanyConfigSchema>;
