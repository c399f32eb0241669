// The builder's forms (issue 25): the bot's configuration grouped the way a company thinks.
// `path` is the field's path in the configuration (src/config/company-config.ts); problems
// arrive on the same paths. Each field's label and line of help are words of each language's
// tree (src/i18n/<lang>/console-bot.ts), by that path.
import type { BotWords } from "../../i18n/console-words.ts";

export type FieldKind = "text" | "long" | "url" | "phone" | "number" | "yesNo" | "choice" | "colour" | "lines";

export interface FieldDef {
  path: keyof BotWords["fields"];
  kind: FieldKind;
  /** Each choice's value and its words (BotWords["choices"]). */
  choices?: ReadonlyArray<{ value: string; word: keyof BotWords["choices"] }>;
  required?: boolean;
}

export interface GroupDef {
  id: keyof BotWords["groups"];
  fields: readonly FieldDef[];
  /** A list editor after the fields (bot-lists.tsx). */
  lists?: ReadonlyArray<keyof BotWords["lists"]>;
}

const f = (path: FieldDef["path"], kind: FieldKind, extra: Partial<FieldDef> = {}): FieldDef => ({ path, kind, ...extra });

export const GROUPS: readonly GroupDef[] = [
  {
    id: "company",
    fields: [
      f("companyName", "text", { required: true }),
      f("companyPhone", "phone"),
      f("companyLogo", "url"),
      f("companyTeamPic", "url"),
      f("tagLine", "text"),
      f("botName", "text"),
    ],
  },
  {
    id: "look",
    fields: [
      f("brandColor", "colour"),
      f("accentColor", "colour"),
    ],
  },
  {
    id: "words",
    fields: [
      f("greeting", "long"),
      f("salutation", "text"),
      f("valueAddDescription", "long"),
      f("instaQuoteMessage", "long"),
      f("language", "choice", { choices: [{ value: "en", word: "language=en" }, { value: "es", word: "language=es" }] }),
      f("translations.es.greeting", "long"),
      f("translations.es.salutation", "text"),
      f("translations.es.valueAddDescription", "long"),
      f("translations.es.instaQuoteMessage", "long"),
    ],
  },
  {
    id: "area",
    fields: [
      f("zipCodes", "lines"),
      f("dontTaxZipCodes", "lines"),
      f("minQuotableSize", "number"),
      f("maxQuotableSize", "number"),
      f("isMetric", "yesNo"),
      f("measurementMode", "choice", { choices: [{ value: "area", word: "measurementMode=area" }, { value: "perimeter", word: "measurementMode=perimeter" }] }),
    ],
  },
  {
    id: "services",
    fields: [
      f("availableServiceTypes", "lines"),
    ],
    lists: ["preModalQuestions", "serviceQuestionsSteps", "learnMoreSteps"],
  },
  {
    id: "payments",
    fields: [
      f("autoPayAvailable", "yesNo"),
      f("prePayAvailable", "yesNo"),
      f("autoPayAlternativeLabel", "text"),
      f("alternativePaymentVerbiage", "long"),
      f("termsOfService", "long"),
    ],
  },
  {
    id: "marketing",
    fields: [
      f("areMarketingQuestionsActivated", "yesNo"),
      f("marketingSourceInquiryPrompt", "text"),
    ],
    lists: ["marketingSources"],
  },
  {
    id: "scheduling",
    fields: [
      f("customSchedulingVerbiage", "long"),
      f("translations.es.customSchedulingVerbiage", "long"),
    ],
  },
  {
    id: "redirect",
    fields: [
      f("willRedirect", "yesNo"),
      f("redirectUrl", "url"),
    ],
  },
];
