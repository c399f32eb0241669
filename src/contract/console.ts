// The console's wires (issue 24), written once: /console/api/*'s answers about the session, the
// inbox, a lead's page, the funnel, the alert settings and the team. The server's store and
// routes (server/console/) build them; the console (src/console/api/) reads every answer
// through these schemas, so a shape the server changed fails where it arrives, not as an
// undefined deep in a page. The Bot page's and the builder's wires: ./console-builder.ts.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { LawnOutlineSchema } from "./lawn-outline.ts";

/** Any answer the console only needs to have arrived (`{ ok: true }`). */
export const AcceptedSchema = v.unknown();

export const StaffRoleSchema = v.picklist(["owner", "staff"]);
export type StaffRole = v.InferOutput<typeof StaffRoleSchema>;

/** GET /console/api/me and POST /console/api/session: who is signed in, and the session's CSRF token. */
export const MeSchema = object({
  email: v.string(),
  role: StaffRoleSchema,
  companyId: v.string(),
  companyName: v.string(),
  csrfToken: v.string(),
});
export type Me = v.InferOutput<typeof MeSchema>;

/** The inbox's status of a quote: how far the visitor got, or where they stopped. */
export const LEAD_STATUSES = ["started", "priced", "checkout", "paid", "booked", "thinking", "stopped"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** The staff's own status of a lead. */
export const STAFF_LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type StaffLeadStatus = (typeof STAFF_LEAD_STATUSES)[number];

export const LeadAmountSchema = object({ value: v.string(), currency: v.string(), paid: v.boolean() });

/** A lead as the inbox and its page show it (the server's row without its record). */
export const LeadSchema = object({
  quoteId: v.string(),
  createdAt: v.string(),
  status: v.picklist(LEAD_STATUSES),
  lastStepId: v.nullable(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  phoneNumber: v.string(),
  email: v.nullable(v.string()),
  address: v.string(),
  serviceTypes: v.array(v.string()),
  amount: v.nullable(LeadAmountSchema),
  source: v.string(),
  attribution: v.nullable(v.record(v.string(), v.string())),
  staffStatus: v.picklist(STAFF_LEAD_STATUSES),
  resumeUrl: v.nullable(v.string()),
});
export type Lead = v.InferOutput<typeof LeadSchema>;

/** GET /console/api/leads: the leads shown (at most 500), how many matched, every source. */
export const LeadsAnswerSchema = object({ leads: v.array(LeadSchema), total: v.number(), sources: v.array(v.string()) });

/** A text or e-mail with the resume link (issue 34), by step; never its recipient. */
export const FollowUpSchema = object({
  step: v.number(),
  channel: v.picklist(["sms", "email"]),
  state: v.picklist(["pending", "sent", "stopped", "failed"]),
  dueAt: v.string(),
  sentAt: v.nullable(v.string()),
  /** The text's delivery as the provider reported it (Twilio: queued, sent, delivered, undelivered, failed). */
  deliveryStatus: v.nullable(v.string()),
  /** Why it stopped or failed, in the server's words. */
  outcome: v.nullable(v.string()),
});
export type FollowUp = v.InferOutput<typeof FollowUpSchema>;

/** A webhook or alert e-mail sent about a lead. */
export const DeliverySchema = object({
  channel: v.picklist(["webhook", "email"]),
  to: v.string(),
  eventType: v.string(),
  state: v.picklist(["pending", "delivered", "dead"]),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  deliveredAt: v.nullable(v.string()),
});
export type Delivery = v.InferOutput<typeof DeliverySchema>;

export const NoteSchema = object({ id: v.number(), author: v.string(), body: v.string(), createdAt: v.string() });
export type Note = v.InferOutput<typeof NoteSchema>;

/** A payment tried on a quote. */
export const LeadPaymentSchema = object({ status: v.string(), amount: v.string(), currency: v.string(), paymentMethod: v.string(), term: v.string(), createdAt: v.string() });
export type LeadPayment = v.InferOutput<typeof LeadPaymentSchema>;

/** GET /console/api/leads/:quoteId: everything a lead's page shows. */
export const LeadDetailSchema = object({
  lead: LeadSchema,
  /** The conversation's answers, by key (the widget sends them as text). */
  answers: v.record(v.string(), v.string()),
  conversation: v.nullable(object({ transcript: v.array(object({ id: v.number(), from: v.picklist(["bot", "visitor"]), text: v.string() })) })),
  prices: v.array(object({ id: v.string(), serviceName: v.string(), serviceType: v.string() })),
  payments: v.array(LeadPaymentSchema),
  objection: v.nullable(object({ reason: v.nullable(v.string()), comments: v.nullable(v.string()) })),
  booking: v.nullable(object({ date: v.string(), orderId: v.number() })),
  /** The measuring tool's figure and the picture of the drawing, when the homeowner measured. */
  measurement: v.nullable(object({ value: v.number(), units: v.string(), image: v.nullable(v.string()), outline: v.nullable(LawnOutlineSchema) })),
  deliveries: v.array(DeliverySchema),
  notes: v.array(NoteSchema),
  followUps: v.array(FollowUpSchema),
});
export type LeadDetail = v.InferOutput<typeof LeadDetailSchema>;

/** One source's row of the funnel. */
export const FunnelRowSchema = object({
  source: v.string(),
  opened: v.number(),
  started: v.number(),
  priced: v.number(),
  checkout: v.number(),
  won: v.number(),
  /** Where the others stopped, by step. */
  stoppedAt: v.array(object({ stepId: v.string(), count: v.number() })),
  /** Sales made after a follow-up of the quote was sent. */
  recovered: v.number(),
  /** Their amount in `currency`, a decimal string (summed exactly). */
  recoveredAmount: v.string(),
  currency: v.string(),
});
export type FunnelRow = v.InferOutput<typeof FunnelRowSchema>;
export const FunnelAnswerSchema = object({ rows: v.array(FunnelRowSchema) });

/** The events an alert e-mail may be about. */
export const ALERT_EVENTS = ["lead", "objection", "purchase", "booking"] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

/** GET and POST /console/api/settings. */
export const AlertSettingsSchema = object({
  alertEmails: v.array(v.string()),
  alertEvents: v.array(v.picklist(ALERT_EVENTS)),
  /** True while the company never saved settings: the owners' addresses, every event. */
  isDefault: v.boolean(),
});
export type AlertSettings = v.InferOutput<typeof AlertSettingsSchema>;

export const StaffMemberSchema = object({ id: v.string(), email: v.string(), role: StaffRoleSchema });
/** GET /console/api/staff. */
export const StaffListSchema = object({ staff: v.array(StaffMemberSchema) });
