// The console's Bot page and builder pages' wires (issue 25), written once: /console/api/bots/*
// and /console/api/builder/*. The server builds them (server/console/bot-routes.ts,
// server/console/builder/), the console reads every answer through these schemas
// (src/console/api/). A refusal's body: RefusalSchema (the builder's `issues`, the Bot page's
// `problems`, each at its field's path).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

/** A configuration or pricing document as JSON: checked by the server, edited as it is. */
export const ConfigSchema = v.record(v.string(), v.unknown());
export type Config = v.InferOutput<typeof ConfigSchema>;

/** A field at fault in a builder document, by its path ("programs.0.prices.2"). */
export const FieldIssueSchema = object({ path: v.string(), message: v.string() });
export type FieldIssue = v.InferOutput<typeof FieldIssueSchema>;

/** A field of the bot's configuration at fault (src/config/config-fields.ts's problems). */
export const ProblemSchema = object({ field: v.string(), code: v.string(), message: v.string(), limit: v.optional(v.number()) });
export type Problem = v.InferOutput<typeof ProblemSchema>;

/** Any refusal's body: the server's message and, for a document, each field at fault. */
export const RefusalSchema = object({ message: v.optional(v.string()), issues: v.optional(v.array(FieldIssueSchema)), problems: v.optional(v.array(ProblemSchema)) });

// ---- The Bot page ----

export const BotSummarySchema = object({ botId: v.string(), companyName: v.string(), botName: v.nullable(v.string()) });
export type BotSummary = v.InferOutput<typeof BotSummarySchema>;
export const BotsAnswerSchema = object({ bots: v.array(BotSummarySchema) });

/** A published version of the bot's configuration: who and when. */
export const VersionSchema = object({ version: v.number(), changedBy: v.string(), label: v.nullable(v.string()), changedAt: v.string() });
export type Version = v.InferOutput<typeof VersionSchema>;
export const VersionsAnswerSchema = object({ versions: v.array(VersionSchema) });

/** The bot's follow-ups schedule (issue 34) as the form edits it: a delay may be text being typed. */
export const FollowUpsScheduleSchema = object({
  enabled: v.optional(v.boolean()),
  steps: v.array(object({ afterMinutes: v.union([v.number(), v.string()]), channel: v.picklist(["sms", "email"]) })),
  quietHours: v.optional(v.nullable(object({ start: v.string(), end: v.string() }))),
  postalAddress: v.optional(v.string()),
  /** The company's own wording per language tag (src/config/follow-ups.ts checks it when saved). */
  messages: v.optional(v.record(v.string(), v.record(v.string(), v.string()))),
});
export type FollowUpsSchedule = v.InferOutput<typeof FollowUpsScheduleSchema>;

export const DraftSchema = object({ config: ConfigSchema, savedBy: v.string(), savedAt: v.string() });

/** GET /console/api/bots/:botId: the live configuration, the draft, and what this session may do. */
export const BotStateSchema = object({
  live: object({ config: ConfigSchema, ...VersionSchema.entries }),
  draft: v.nullable(DraftSchema),
  serverNotes: v.array(v.string()),
  canPublish: v.boolean(),
  /** The follow-ups' schedule of a bot without its own. */
  followUpsDefault: FollowUpsScheduleSchema,
});
export type BotState = v.InferOutput<typeof BotStateSchema>;

/** POST …/draft: the saved draft, or (400) the problems that kept it from being saved. */
export const DraftAnswerSchema = object({ draft: v.optional(DraftSchema), problems: v.optional(v.array(ProblemSchema)), serverNotes: v.optional(v.array(v.string())) });
/** POST …/publish and …/restore: the new live version, or (400) the problems. */
export const PublishAnswerSchema = object({ published: v.optional(VersionSchema), problems: v.optional(v.array(ProblemSchema)) });
/** POST …/preview: the preview page's signed token. */
export const PreviewTokenSchema = object({ token: v.string() });
/** One language's follow-up messages as a homeowner would get them. */
export const RenderedFollowUpSchema = object({ text: v.string(), email: object({ subject: v.string(), text: v.string() }) });
export type RenderedFollowUp = v.InferOutput<typeof RenderedFollowUpSchema>;
/** POST …/follow-ups/preview: the messages in every language, by language tag. */
export const FollowUpsPreviewSchema = v.record(v.string(), RenderedFollowUpSchema);

// ---- Prices ----

export const PricesAnswerSchema = object({
  document: v.nullable(ConfigSchema),
  version: v.number(),
  versions: v.array(object({ version: v.number(), changedBy: v.string(), changedAt: v.string() })),
  bots: v.array(object({ botId: v.string(), companyName: v.string(), currency: v.string(), unit: v.string() })),
  canEdit: v.boolean(),
});
export type PricesAnswer = v.InferOutput<typeof PricesAnswerSchema>;
export const SavedVersionSchema = object({ version: v.number() });

/** One program priced alone, every amount a decimal string of the currency, tax included. */
export const CalculatedProgramSchema = object({
  programId: v.string(),
  serviceName: v.string(),
  serviceType: v.string(),
  /** The first application (or the upfront payment). */
  firstApplication: v.string(),
  /** Each later application (or recurring payment). */
  perApplication: v.string(),
  /** Every chargeable application, before any pre-pay discount. */
  programTotal: v.string(),
  /** Paying the whole program up front: after the pre-pay discount. */
  prePay: v.string(),
  /** GET STARTED TODAY with only this program chosen, under the company's default plan. */
  dueToday: v.string(),
  /** The tax in dueToday. */
  taxToday: v.string(),
});
export type CalculatedProgram = v.InferOutput<typeof CalculatedProgramSchema>;

/** POST /console/api/builder/prices/calculate: 'what would this cost?'. */
export const CalculationSchema = v.variant("status", [
  object({ status: v.literal("ok"), currency: v.string(), unit: v.string(), term: v.string(), taxPercent: v.nullable(v.number()), programs: v.array(CalculatedProgramSchema) }),
  object({ status: v.literal("too-big"), unit: v.string(), largestBracket: v.number() }),
]);
export type Calculation = v.InferOutput<typeof CalculationSchema>;

// ---- Tax table ----

/** The last tax table import (none yet: a null date and 0 rows). */
export const TaxImportSchema = object({ importedAt: v.nullable(v.string()), source: v.nullable(v.string()), rowCount: v.number() });
export type TaxImport = v.InferOutput<typeof TaxImportSchema>;

// ---- Install ----

export const SightingSchema = object({ botId: v.string(), origin: v.string(), firstSeenAt: v.string() });
export type Sighting = v.InferOutput<typeof SightingSchema>;
export const InstallAnswerSchema = object({
  widgetOrigin: v.string(),
  companyId: v.string(),
  bots: v.array(object({ botId: v.string(), companyName: v.string(), brandColor: v.nullable(v.string()) })),
  sightings: v.array(SightingSchema),
});
export type InstallAnswer = v.InferOutput<typeof InstallAnswerSchema>;

// ---- Webhooks ----

export const DeliveryAttemptSchema = object({ attempt: v.number(), statusCode: v.nullable(v.number()), error: v.nullable(v.string()), durationMs: v.number(), attemptedAt: v.string() });
export type DeliveryAttempt = v.InferOutput<typeof DeliveryAttemptSchema>;
export const LoggedDeliverySchema = object({
  id: v.number(),
  eventId: v.string(),
  eventType: v.string(),
  url: v.string(),
  state: v.picklist(["pending", "delivered", "dead"]),
  attempts: v.array(DeliveryAttemptSchema),
  createdAt: v.string(),
  nextAttemptAt: v.string(),
});
export type LoggedDelivery = v.InferOutput<typeof LoggedDeliverySchema>;
export const WebhookUrlsSchema = object({ urls: v.array(v.string()) });
export const WebhooksAnswerSchema = object({ urls: v.array(v.string()), hasSecret: v.boolean(), canEdit: v.boolean(), deliveries: v.array(LoggedDeliverySchema) });
export type WebhooksAnswer = v.InferOutput<typeof WebhooksAnswerSchema>;
export const WebhookSecretSchema = object({ secret: v.string() });
export const WebhookTestSchema = object({ results: v.array(object({ url: v.string(), ok: v.boolean(), statusCode: v.nullable(v.number()), error: v.nullable(v.string()), durationMs: v.number() })) });
export type WebhookTest = v.InferOutput<typeof WebhookTestSchema>;
