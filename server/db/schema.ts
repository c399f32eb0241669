// The tables of the reference backend as Kysely sees them (one interface per table), so
// every query is checked by the compiler on both SQLite and PostgreSQL. The DDL is in
// migrations/ (one file per migration, listed in migrations.ts). Booleans are INTEGER 0/1 and JSON documents are TEXT on both databases:
// a company's configuration is served byte for byte, and the stores parse JSON themselves.
// Over 300 lines on purpose: one interface per table in one place, so a query joining tables reads its types from one file.
import type { Generated } from "kysely";

export interface CompaniesTable {
  company_id: string;
  bot_id: string;
  config: string;
}

export interface CustomersTable {
  company_id: string;
  phone_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  address: string;
  address_key: string;
  lat: number | null;
  lng: number | null;
  estimate: string | null;
  quote_id: string | null;
  crm_id: string | null;
  crm_data: string | null;
  updated_at: string;
}

export interface QuotesTable {
  id: string;
  company_id: string;
  bot_id: string;
  customer: string;
  address_key: string;
  crm_id: string | null;
  contact_id: string | null;
  branch_id: string | null;
  source: string | null;
  referrer: string | null;
  additional_source_info: string | null;
  sales_tax_rate: number | null;
  service_types: Generated<string>;
  recommended_programs: Generated<string>;
  answers: Generated<string>;
  last_step_id: string | null;
  converted_sale: Generated<number>;
  has_price_blocks: Generated<number>;
  estimate: string | null;
  adjusted_lot_size: number | null;
  crm_data: string | null;
  is_test: Generated<number>;
  created_at: string;
  /** JSON (AttributionSchema): where the visitor came from; null for quotes before migration 3. */
  attribution: string | null;
  /** Migration 5: JSON of StoredPricing (quote-store.ts); null until the quote is priced. */
  pricing: Generated<string | null>;
  /** Migration 9: the conversation the widget last saved (JSON; resume-store.ts). */
  conversation: Generated<string | null>;
  /** Migration 34: the visitor's last step (start or a saved conversation); null: created_at. */
  last_activity_at: Generated<string | null>;
  /** Migration 34: why no more follow-ups go for this quote ("unsubscribed"); null: they may. */
  follow_ups_stopped: Generated<string | null>;
  /** Migration 34: the follow-up worker looks at the quote again from then on; null: at once. */
  follow_up_check_at: Generated<string | null>;
  /** Migration 33: JSON of StoredTextConsent (quote-store.ts); null when no consent box was shown. */
  text_consent: Generated<string | null>;
  /** Migration 33: the visitor's IANA time zone ("America/Chicago"); null when the widget sent none. */
  time_zone: Generated<string | null>;
}

/** Migration 34 (issue 34): one follow-up of a quote, by step of the bot's schedule. */
export interface FollowUpsTable {
  id: string;
  company_id: string;
  quote_id: string;
  step: number;
  channel: "sms" | "email";
  /** E.164 phone or e-mail address. */
  recipient: string;
  state: Generated<"pending" | "sent" | "stopped" | "failed">;
  due_at: string;
  attempts: Generated<number>;
  claimed_until: string | null;
  provider_id: string | null;
  /** The text provider's last delivery status (queued, sent, delivered, undelivered, failed). */
  delivery_status: string | null;
  /** Why it stopped or failed, or the last error. */
  outcome: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface EmailOptOutsTable {
  company_id: string;
  email: string;
  opted_out_at: string;
}

export interface PaymentsTable {
  company_id: string;
  idempotency_key: string;
  fingerprint: string;
  endpoint: "secure" | "device";
  bot_id: string;
  quote_id: string;
  payment_method: string;
  amount: string;
  currency: string;
  term: string;
  token: string | null;
  status: "processing" | "succeeded" | "failed";
  transaction_id: string | null;
  response: string | null;
  body: string;
  is_test: Generated<number>;
  created_at: string;
}

export interface PaymentRequestsTable {
  id: Generated<number>;
  company_id: string;
  idempotency_key: string;
  quote_id: string;
  endpoint: string;
  outcome: "charged" | "declined" | "replayed" | "in-progress" | "key-conflict";
  created_at: string;
}

export interface CardTokensTable {
  token: string;
  issuer: "vault" | "crm";
  scope: string;
  outcome: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  used: Generated<number>;
  created_at: string;
}

export interface RealGreenSessionsTable {
  token: string;
  id: string;
  company_id: string;
  bot_id: string;
  crm_id: string;
  amount: string;
  created_at: string;
  expires_at: string;
}

export interface LeadsTable {
  company_id: string;
  bot_id: string;
  quote_id: string;
  rg_cust_id: string | null;
  reason: string | null;
  comments: string | null;
  is_test: Generated<number>;
  created_at: string;
  /** The widget's Idempotency-Key of the request that stored this lead (migration 10). */
  idempotency_key: string | null;
}

export interface ServmanOrdersTable {
  id: Generated<number>;
  company_id: string;
  bot_id: string;
  client_id: string;
  contact_id: string;
  question_id: number;
  notes: string | null;
  is_test: Generated<number>;
  created_at: string;
}

export interface ServmanBookingsTable {
  company_id: string;
  date: string;
  employee_id: number;
  service_window_id: number;
  order_id: number;
  datetime_ticks: string;
  notes: string;
  is_test: Generated<number>;
  created_at: string;
}

export interface CompanyDeliveryTable {
  company_id: string;
  /** JSON list of URLs. */
  webhook_urls: string;
  webhook_secret: string | null;
  api_key: string | null;
}

export type WebhookEventType = "lead" | "objection" | "purchase" | "booking";
/** What the outbox carries: the webhook events, and (migration 20) the console's sign-in e-mails. */
export type OutboxEventType = WebhookEventType | "sign-in";

export interface WebhookOutboxTable {
  id: Generated<number>;
  event_id: string;
  event_type: OutboxEventType;
  company_id: string;
  url: string;
  /** Which of the worker's lanes sends it (outbox-store.ts laneOf). */
  lane: "sign-in" | "webhook" | "alert";
  payload: string;
  state: Generated<"pending" | "delivered" | "dead">;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_until: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  event_id: string;
  url: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: string;
}

/** Migration 6: a quote's capabilities, kept as SHA-256 hashes (quote-token-store.ts). */
export interface QuoteTokensTable {
  token_hash: string;
  company_id: string;
  quote_id: string;
  created_at: string;
}

/** Migration 12: the quote a start's Idempotency-Key made (quote-token-store.ts). */
export interface QuoteStartKeysTable {
  company_id: string;
  idempotency_key: string;
  quote_id: string;
  created_at: string;
}

/** Migration 7: fixed-window request counters (rate-limit-store.ts); times in epoch milliseconds. */
export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
  expires_at: number;
}

/** Migration 8: the admin API's bearer tokens, kept as SHA-256 hashes (admin-token-store.ts). */
export interface AdminTokensTable {
  /** The token's public part (`qa_<id>_<secret>`): who made a change, never the token. */
  token_id: string;
  company_id: string;
  label: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

/** Migration 8: a company's current pricing document (JSON text, PricingDocumentSchema). */
export interface CompanyPricingTable {
  company_id: string;
  pricing: string;
}

export type DocumentKind = "config" | "pricing";

/** Migration 8: every version of every configuration and pricing document (document-store.ts). */
export interface DocumentVersionsTable {
  company_id: string;
  kind: DocumentKind;
  /** The bot of a configuration; "" for the company's pricing document. */
  bot_id: string;
  version: number;
  body: string;
  /** "seed", or "token:<token id>". */
  changed_by: string;
  /** The token's label when the change was made. */
  changed_by_label: string | null;
  changed_at: string;
}

/** Migration 9: secrets the server generates once and keeps (resume-store.ts). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Migration 20: the console's staff, one company each. */
export interface StaffTable {
  id: string;
  company_id: string;
  /** Lower case. */
  email: string;
  role: "owner" | "staff";
  created_at: string;
  /** "cli", "seed", or the inviting staff member's e-mail. */
  created_by: string | null;
  /** Migration 36: the console page's language when they last asked for a sign-in link; null before. */
  lang: string | null;
}

/** Migration 20: one-time sign-in links, by SHA-256 hash. */
export interface StaffSignInLinksTable {
  token_hash: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Migration 20: console sessions, by SHA-256 hash of the cookie's value. */
export interface StaffSessionsTable {
  id_hash: string;
  staff_id: string;
  company_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Migration 20: where alerts go and which events send one (JSON lists). */
export interface ConsoleSettingsTable {
  company_id: string;
  alert_emails: string;
  alert_events: string;
  updated_at: string;
}

export interface LeadStatusTable {
  company_id: string;
  quote_id: string;
  status: "new" | "contacted" | "won" | "lost";
  updated_at: string;
  updated_by: string;
}

export interface LeadNotesTable {
  id: Generated<number>;
  company_id: string;
  quote_id: string;
  author: string;
  body: string;
  created_at: string;
}

/** Migration 20: the widget's 'opened the chat' beacon (POST /v1/chat/opened), for the funnel. */
export interface ChatOpensTable {
  id: Generated<number>;
  company_id: string;
  bot_id: string;
  source: string;
  attribution: string | null;
  opened_at: string;
}

export interface ProviderCacheTable {
  provider: string;
  cache_key: string;
  /** JSON. */
  value: string;
  /** Epoch milliseconds. */
  expires_at: number;
}

export interface TaxRatesTable {
  company_id: string;
  /** Upper case, no spaces: "43017", "SW139AA". */
  postal_code: string;
  state: string;
  region_name: string;
  /** A fraction of the net price: 0.075. */
  rate: number;
}

export interface TaxRateImportsTable {
  company_id: string;
  imported_at: string;
  /** The file's name (or "seed"). */
  source: string;
  row_count: number;
}

export interface BotDraftsTable {
  company_id: string;
  bot_id: string;
  /** The configuration as JSON text, valid when saved. */
  body: string;
  /** The staff member's e-mail. */
  saved_by: string;
  saved_at: string;
}

/** Migration 17: where each bot's widget was first seen (the Install page). */
export interface WidgetSightingsTable {
  company_id: string;
  bot_id: string;
  /** The site's origin as its browser sent it: "https://www.greenway-lawn.example". */
  origin: string;
  first_seen_at: string;
}

/** A phone that replied STOP to our texts (issue 34); deleted when it replies START. */
export interface SmsOptOutsTable {
  /** E.164. */
  phone: string;
  /** ISO time of the first opt-out word since the last opt-in. */
  opted_out_at: string;
}

export interface Schema {
  follow_ups: FollowUpsTable;
  email_opt_outs: EmailOptOutsTable;
  companies: CompaniesTable;
  customers: CustomersTable;
  quotes: QuotesTable;
  payments: PaymentsTable;
  payment_requests: PaymentRequestsTable;
  card_tokens: CardTokensTable;
  realgreen_payment_sessions: RealGreenSessionsTable;
  think_about_it_leads: LeadsTable;
  servman_orders: ServmanOrdersTable;
  servman_bookings: ServmanBookingsTable;
  company_delivery: CompanyDeliveryTable;
  widget_sightings: WidgetSightingsTable;
  webhook_outbox: WebhookOutboxTable;
  webhook_deliveries: WebhookDeliveriesTable;
  quote_tokens: QuoteTokensTable;
  quote_start_keys: QuoteStartKeysTable;
  rate_limits: RateLimitsTable;
  admin_tokens: AdminTokensTable;
  company_pricing: CompanyPricingTable;
  document_versions: DocumentVersionsTable;
  server_secrets: ServerSecretsTable;
  staff: StaffTable;
  staff_sign_in_links: StaffSignInLinksTable;
  staff_sessions: StaffSessionsTable;
  console_settings: ConsoleSettingsTable;
  lead_status: LeadStatusTable;
  lead_notes: LeadNotesTable;
  chat_opens: ChatOpensTable;
  provider_cache: ProviderCacheTable;
  tax_rates: TaxRatesTable;
  tax_rate_imports: TaxRateImportsTable;
  bot_drafts: BotDraftsTable;
  sms_opt_outs: SmsOptOutsTable;
}
