// Every store over one database, and transactions that hand the work stores bound to the
// transaction: `transaction(async (tx) => { await tx.quotes.save(...); await tx.customers.save(...) })`.
import type { Kysely } from "kysely";
import { createServmanStore, type ServmanStore } from "../servman/servman-store.ts";
import { createConsoleStore, type ConsoleStore } from "../console/console-store.ts";
import { createStaffStore, type StaffStore } from "../console/staff-store.ts";
import { createBotDraftStore, type BotDraftStore } from "../console/bot-draft-store.ts";
import { createAdminTokenStore, type AdminTokenStore } from "./admin-token-store.ts";
import { createCompanyStore, type CompanyStore } from "./company-store.ts";
import { createCustomerStore, type CustomerStore } from "./customer-store.ts";
import { createDocumentStore, type DocumentStore } from "./document-store.ts";
import { openAppDatabase, type AppDatabase } from "./database.ts";
import type { Dialect, MigrationReport } from "./migrations.ts";
import { createLeadsStore, type LeadsStore } from "./leads-store.ts";
import { createOutboxStore, type OutboxStore } from "./outbox-store.ts";
import { createPaymentStore, type PaymentStore } from "./payment-store.ts";
import { createQuoteStore, type QuoteStore } from "./quote-store.ts";
import { createQuoteTokenStore, type QuoteTokenStore } from "./quote-token-store.ts";
import { createResumeStore, type ResumeStore } from "./resume-store.ts";
import { createFollowUpStore, type FollowUpStore } from "../follow-ups/follow-up-store.ts";
import { createRateLimitStore, type RateLimitStore } from "./rate-limit-store.ts";
import { createProviderCache, type ProviderCache } from "./provider-cache-store.ts";
import { createTaxRateStore, type TaxRateStore } from "./tax-rate-store.ts";
import { createSmsOptOutStore, type SmsOptOutStore } from "./sms-opt-out-store.ts";
import { createBuilderStore, type BuilderStore } from "../console/builder/builder-store.ts";
import type { Schema } from "./schema.ts";

export interface Stores {
  companies: CompanyStore;
  customers: CustomerStore;
  quotes: QuoteStore;
  payments: PaymentStore;
  servman: ServmanStore;
  /** Webhook events, written in the transaction of what they report. */
  outbox: OutboxStore;
  /** The company's leads export. */
  leads: LeadsStore;
  quoteTokens: QuoteTokenStore;
  rateLimits: RateLimitStore;
  /** Configurations and pricing documents, versioned (the admin API and the seed write them). */
  documents: DocumentStore;
  /** The admin API's bearer tokens, hashed. */
  adminTokens: AdminTokenStore;
  /** Saved conversations and the resume links' secret. */
  resume: ResumeStore;
  /** The console's staff, sign-in links and sessions. */
  staff: StaffStore;
  /** The console's settings, lead status and notes, chat opens and read model. */
  console: ConsoleStore;
  /** Third parties' answers, kept a day per address. */
  providerCache: ProviderCache;
  /** The companies' imported sales-tax tables. */
  taxRates: TaxRateStore;
  /** The console builder's drafts of the bots' configurations. */
  botDrafts: BotDraftStore;
  /** The console's builder pages: widget sightings, webhook settings and delivery log. */
  builder: BuilderStore;
  /** Follow-ups to homeowners who left a quote (issue 34). */
  followUps: FollowUpStore;
  /** Phones that replied STOP to our texts (issue 34). */
  smsOptOuts: SmsOptOutStore;
}

/** Runs `work` atomically: all its store calls commit together, or none does (it threw). */
export type RunInTransaction = <T>(work: (tx: Stores) => Promise<T>) => Promise<T>;

export function storesOver(db: Kysely<Schema>, dialect: Dialect): Stores {
  return {
    companies: createCompanyStore(db, dialect),
    customers: createCustomerStore(db, dialect),
    quotes: createQuoteStore(db, dialect),
    payments: createPaymentStore(db, dialect),
    servman: createServmanStore(db, dialect),
    outbox: createOutboxStore(db, dialect),
    leads: createLeadsStore(db, dialect),
    quoteTokens: createQuoteTokenStore(db),
    rateLimits: createRateLimitStore(db),
    documents: createDocumentStore(db, dialect),
    adminTokens: createAdminTokenStore(db),
    resume: createResumeStore(db),
    staff: createStaffStore(db),
    console: createConsoleStore(db, dialect),
    providerCache: createProviderCache(db),
    taxRates: createTaxRateStore(db),
    botDrafts: createBotDraftStore(db),
    builder: createBuilderStore(db, dialect),
    followUps: createFollowUpStore(db, dialect),
    smsOptOuts: createSmsOptOutStore(db),
  };
}

export function createStores(database: Pick<AppDatabase, "db" | "dialect">): Stores & { transaction: RunInTransaction } {
  const { db, dialect } = database;
  return {
    ...storesOver(db, dialect),
    transaction: (work) => db.transaction().execute((trx) => work(storesOver(trx, dialect))),
  };
}

export interface OpenStores extends Stores {
  transaction: RunInTransaction;
  database: AppDatabase & { migrations: MigrationReport };
  close(): Promise<void>;
}

/** Connects to `location` (see connectDatabase), applies pending migrations, and builds every store. */
export async function openStores(location: string): Promise<OpenStores> {
  const database = await openAppDatabase(location);
  return { ...createStores(database), database, close: () => database.close() };
}
