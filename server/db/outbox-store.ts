// The webhook outbox (docs/api.md "Webhooks"): an event is written here by the transaction
// that makes it true (a quote started, a payment succeeded...), one row per webhook URL of
// the company, so a crash can lose neither; the worker (webhooks/webhook-worker.ts) claims
// due rows with a lease, sends them and records each attempt in webhook_deliveries.
// Also the companies' server-only delivery settings (webhook URLs, secret, API key).
// E-mail goes through the same table (issue 24): a row whose url is `mailto:<address>` is a
// message, one per alert address the console's settings give for the event (written by the
// same enqueue, so in the same transaction), or a sign-in link (enqueueSignIn). Settled rows
// are deleted after a while, with their delivery log (prune; webhooks/outbox-retention.ts).
// Over 300 lines on purpose: one store, its interface and its statements for both dialects,
// whose leases and transactions are read together.
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely";
import * as v from "valibot";
import type { Dialect } from "./migrations.ts";
import { createConsoleStore } from "../console/console-store.ts";
import type { OutboxEventType, Schema, WebhookEventType, WebhookOutboxTable } from "./schema.ts";

export interface DeliverySettings {
  companyId: string;
  webhookUrls: string[];
  webhookSecret: string | null;
  apiKey: string | null;
}

export interface WebhookEvent {
  /** The event's id: the same in every delivery of it (the receiver drops duplicates by it). */
  id: string;
  type: WebhookEventType;
  companyId: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export interface OutboxRow {
  id: number;
  eventId: string;
  eventType: OutboxEventType;
  companyId: string;
  url: string;
  /** The JSON body sent, byte for byte the same on every attempt. */
  payload: string;
  state: "pending" | "delivered" | "dead";
  attempts: number;
  nextAttemptAt: string;
  /** The lease this row was claimed with: only its holder moves the row on. */
  claimedUntil: string | null;
}

export interface AttemptRecord {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  attemptedAt: string;
}

/** One send of a claimed row, as recordAttempt takes it. */
export interface AttemptOutcome {
  row: OutboxRow;
  attempt: AttemptRecord;
  outcome: { state: "delivered" | "pending" | "dead"; nextAttemptAt: string };
}

/** A console sign-in link to e-mail (the raw link: the row is the only place it is kept until sent). */
export interface SignInMail {
  companyId: string;
  email: string;
  link: string;
  /** Who invited them (an owner's e-mail), or null when they asked for the link themselves. */
  invitedBy: string | null;
  createdAt: string;
  /** The language the e-mail is written in (the console page's); English when none. */
  lang?: string | undefined;
}

export const MAILTO = "mailto:";
/** The event id of a digest row: several alerts to one address, folded into one e-mail. */
export const DIGEST_EVENT_PREFIX = "digest:";

/**
 * The outbox's lanes, each claimed on its own so that none waits behind another: the console's
 * sign-in links, the companies' webhooks, and alert e-mails (which are capped and folded into
 * digests under a burst, webhooks/alert-lane.ts).
 */
export type OutboxLane = WebhookOutboxTable["lane"];

/** A row's lane: sign-in links; e-mail to an alert address (digests included); any other URL a webhook. */
export const laneOf = (type: OutboxEventType, url: string): OutboxLane => (type === "sign-in" ? "sign-in" : url.startsWith(MAILTO) ? "alert" : "webhook");

/** A digest's row as the alert lane writes it (webhooks/alert-lane.ts digestOf). */
export interface NewDigest {
  eventId: string;
  url: string;
  companyId: string;
  /** Its JSON, written only when the address has no digest waiting (else the fold is merged into that one's). */
  payload: () => string;
  createdAt: string;
  dueAt: string;
}

export interface OutboxStore {
  /**
   * Writes the event for each of the company's webhook URLs, and an e-mail for each of its
   * alert addresses when the console's settings alert this event (none: nothing); returns the event.
   */
  enqueue(event: Omit<WebhookEvent, "id"> & { id?: string }): Promise<WebhookEvent>;
  /** Writes a sign-in e-mail (event type 'sign-in', url mailto:<address>). */
  enqueueSignIn(mail: SignInMail): Promise<void>;
  /**
   * Claims up to `limit` due rows until `leaseUntil`: pending, due, and not claimed by a live
   * lease. Two processes on one PostgreSQL database never claim the same row (FOR UPDATE SKIP
   * LOCKED); on SQLite the one UPDATE statement is atomic.
   */
  claimDue(now: string, leaseUntil: string, limit: number, lane?: OutboxLane): Promise<OutboxRow[]>;
  /**
   * The lane's due rows as claimDue would take them, read and not claimed, without their
   * payloads: the alert lane plans on them, then claims the few it sends (claimIds) and folds
   * the rest (foldIntoDigest), each row written once, not claimed first and settled after.
   */
  peekDue(now: string, limit: number, lane: OutboxLane): Promise<DueRow[]>;
  /** Claims these rows until `leaseUntil`, those still pending and not claimed by a live lease (SKIP LOCKED on PostgreSQL). */
  claimIds(ids: readonly number[], now: string, leaseUntil: string): Promise<OutboxRow[]>;
  /** Alert e-mails (digests included, sign-in links not) handed to SMTP for `url` since `since`: how many, the oldest's time. */
  alertSendsSince(url: string, since: string): Promise<{ count: number; oldest: string | null }>;
  /**
   * Folds alert rows into a digest e-mail, in one transaction: those of `ids` still pending and
   * not claimed by a live lease (another process's are skipped, SKIP LOCKED on PostgreSQL) are
   * marked delivered and returned to `digestFor`; the address's digest still waiting to go (not
   * claimed) gets `merge` of its payload, and with none, `digest` is written as a row of its own,
   * due at its `dueAt`. Returns the digest's event id and the rows folded, or undefined when no
   * row was left to fold (nothing is written then).
   */
  foldIntoDigest(
    ids: readonly number[],
    now: string,
    digestFor: (folded: readonly OutboxRow[]) => { digest: NewDigest; merge: (payload: string) => string },
  ): Promise<{ digestId: string; folded: number } | undefined>;
  /**
   * Logs the attempt and moves the row on: delivered, pending again at `nextAttemptAt`, or dead.
   * Only while the row still holds this claim's lease: a process whose lease ran out (and the
   * row went to another) logs its attempt but leaves the row to the new holder.
   */
  recordAttempt(row: OutboxRow, attempt: AttemptRecord, outcome: { state: "delivered" | "pending" | "dead"; nextAttemptAt: string }): Promise<void>;
  /** recordAttempt for several rows in one transaction (one commit for a pass of the worker). */
  recordAttempts(attempts: readonly AttemptOutcome[]): Promise<void>;
  /**
   * Deletes up to `limit` of the lane's settled rows (delivered, folded or dead) last tried or
   * due before `before`, with their delivery log, in one transaction; pending rows are never
   * deleted. Returns how many rows went (fewer than `limit`: none of that age is left).
   * SQLite may give a later row the largest deleted id again (the table has no AUTOINCREMENT,
   * migration 37); nothing refers to a deleted row then, its log having gone with it.
   */
  prune(lane: OutboxLane, before: string, limit: number): Promise<number>;
  findSettings(companyId: string): Promise<DeliverySettings | undefined>;
  /** Replaces every company's delivery settings (the fixtures are the source of truth in the demo). */
  replaceSettings(rows: readonly DeliverySettings[]): Promise<void>;
}

const UrlListSchema = v.array(v.string());

/** A due row as the alert lane plans on it: without its payload. */
export type DueRow = Omit<OutboxRow, "payload">;

/** The columns of a due row (all but the payload). */
const DUE_COLUMNS = ["id", "event_id", "event_type", "company_id", "url", "state", "attempts", "next_attempt_at", "claimed_until"] as const;

/** A due row as the alert lane plans on it: the table's columns but the payload. */
const toDueRow = (row: Pick<Selectable<WebhookOutboxTable>, (typeof DUE_COLUMNS)[number]>): DueRow => ({
  id: Number(row.id),
  eventId: row.event_id,
  eventType: row.event_type,
  companyId: row.company_id,
  url: row.url,
  state: row.state,
  attempts: Number(row.attempts),
  nextAttemptAt: row.next_attempt_at,
  claimedUntil: row.claimed_until,
});

/** A table row as the worker and the mail renderer take it. */
export const toOutboxRow = (row: Selectable<WebhookOutboxTable>): OutboxRow => ({ ...toDueRow(row), payload: row.payload });

/** Claimed rows by the lease they hold: a statement per lease moves them on. */
function groupByLease<T>(items: readonly T[], leaseOf: (item: T) => string | null): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const item of items) {
    const lease = leaseOf(item);
    const group = groups.get(lease);
    if (group) group.push(item);
    else groups.set(lease, [item]);
  }
  return groups;
}

/** `db` may be a transaction: the store's calls then belong to it. */
export function createOutboxStore(db: Kysely<Schema>, dialect: Dialect): OutboxStore {
  const consoleStore = createConsoleStore(db, dialect);
  /** A row to write; due at `dueAt`, or at once. */
  type NewRow = { eventId: string; type: OutboxEventType; companyId: string; url: string; payload: string; createdAt: string; dueAt?: string };
  /** Writes rows in one statement (an event's webhooks and alert e-mails: one INSERT, not one each). */
  const insertRows = async (rows: readonly NewRow[], on: Kysely<Schema> = db): Promise<void> => {
    if (rows.length === 0) return;
    await on
      .insertInto("webhook_outbox")
      .values(
        rows.map((row) => ({
          event_id: row.eventId,
          event_type: row.type,
          company_id: row.companyId,
          url: row.url,
          lane: laneOf(row.type, row.url),
          payload: row.payload,
          next_attempt_at: row.dueAt ?? row.createdAt,
          claimed_until: null,
          created_at: row.createdAt,
          delivered_at: null,
        })),
      )
      .execute();
  };
  const findSettings = async (companyId: string): Promise<DeliverySettings | undefined> => {
    const row = await db.selectFrom("company_delivery").selectAll().where("company_id", "=", companyId).executeTakeFirst();
    if (!row) return undefined;
    return { companyId, webhookUrls: v.parse(UrlListSchema, JSON.parse(row.webhook_urls)), webhookSecret: row.webhook_secret, apiKey: row.api_key };
  };

  /** A column's value for each row, chosen by id in one statement: `CASE id WHEN 1 THEN 'a' ... END`. */
  const byId = <T>(rows: readonly AttemptOutcome[], value: (each: AttemptOutcome) => T) =>
    sql`CASE id ${sql.join(rows.map((each) => sql`WHEN ${each.row.id} THEN ${value(each)}`), sql` `)} END`;

  /**
   * Logs each attempt and moves its row on, in one transaction; a row whose lease ran out is
   * only logged. A pass's attempts take one INSERT and one UPDATE per lease (its rows share the
   * one they were claimed with) and per 100 rows, not two statements a row: a webhook pass runs
   * on the event loop that serves the API (bench:load, issue 34).
   */
  const recordAttempts = async (attempts: readonly AttemptOutcome[]): Promise<void> => {
    if (attempts.length === 0) return;
    const work = async (trx: Kysely<Schema>) => {
      for (let i = 0; i < attempts.length; i += 100) {
        await trx
          .insertInto("webhook_deliveries")
          .values(
            attempts.slice(i, i + 100).map(({ row, attempt }) => ({
              outbox_id: row.id,
              event_id: row.eventId,
              url: row.url,
              attempt: row.attempts + 1,
              status_code: attempt.statusCode,
              error: attempt.error === null ? null : attempt.error.slice(0, 500),
              duration_ms: Math.round(attempt.durationMs),
              attempted_at: attempt.attemptedAt,
            })),
          )
          .execute();
      }
      for (const [lease, all] of groupByLease(attempts, (each) => each.row.claimedUntil)) {
        for (let i = 0; i < all.length; i += 100) {
          const rows = all.slice(i, i + 100);
          // `attempts + 1`: the row's count is the claimed one while its lease holds (only the holder moves it).
          await sql`
            UPDATE webhook_outbox SET
              state = ${byId(rows, (each) => each.outcome.state)},
              attempts = attempts + 1,
              next_attempt_at = ${byId(rows, (each) => each.outcome.nextAttemptAt)},
              claimed_until = NULL,
              delivered_at = ${byId(rows, (each) => (each.outcome.state === "delivered" ? each.attempt.attemptedAt : null))}
            WHERE id IN (${sql.join(rows.map((each) => each.row.id))})
            AND ${lease === null ? sql`claimed_until IS NULL` : sql`claimed_until = ${lease}`}`.execute(trx);
        }
      }
    };
    await (db.isTransaction ? work(db) : db.transaction().execute(work));
  };

  /**
   * Sets `set` on those of `ids` still pending and not held by a live lease, and returns them as
   * they are now: one statement, atomic on SQLite; on PostgreSQL rows another process holds
   * are skipped, not waited for (two folds never deadlock, and no row is taken twice).
   */
  const takeIds = async (on: Kysely<Schema>, ids: readonly number[], now: string, set: RawBuilder<unknown>): Promise<OutboxRow[]> => {
    if (ids.length === 0) return [];
    const skipLocked = dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const result = await sql<Selectable<WebhookOutboxTable>>`
      UPDATE webhook_outbox SET ${set}
      WHERE id IN (
        SELECT id FROM webhook_outbox
        WHERE id IN (${sql.join(ids)}) AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
        ${skipLocked}
      )
      AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
      RETURNING *`.execute(on);
    return result.rows.map(toOutboxRow);
  };

  return {
    enqueue: async ({ id = randomUUID(), ...rest }) => {
      const event: WebhookEvent = { id, ...rest };
      const settings = await findSettings(event.companyId);
      const payload = JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt, companyId: event.companyId, data: event.data });
      const urls = [...(settings?.webhookUrls ?? []), ...(await consoleStore.alertRecipients(event.companyId, event.type)).map((email) => MAILTO + email)];
      await insertRows(urls.map((url) => ({ eventId: event.id, type: event.type, companyId: event.companyId, url, payload, createdAt: event.createdAt })));
      return event;
    },
    enqueueSignIn: async (mail) => {
      const id = randomUUID();
      const payload = JSON.stringify({ id, type: "sign-in", createdAt: mail.createdAt, companyId: mail.companyId, data: { email: mail.email, link: mail.link, invitedBy: mail.invitedBy, ...(mail.lang ? { lang: mail.lang } : {}) } });
      await insertRows([{ eventId: id, type: "sign-in", companyId: mail.companyId, url: MAILTO + mail.email, payload, createdAt: mail.createdAt }]);
    },
    claimDue: async (now, leaseUntil, limit, lane) => {
      const skipLocked = dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      // The lane's due rows in the order they fell due, read from the index (lane, state,
      // next_attempt_at, id): a claim reads about `limit` rows, whatever waits in other lanes.
      const inLane = lane ? sql`AND lane = ${lane}` : sql``;
      const result = await sql<Selectable<WebhookOutboxTable>>`
        UPDATE webhook_outbox SET claimed_until = ${leaseUntil}
        WHERE id IN (
          SELECT id FROM webhook_outbox
          WHERE state = 'pending' AND next_attempt_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now}) ${inLane}
          ORDER BY next_attempt_at, id LIMIT ${limit} ${skipLocked}
        )
        AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
        RETURNING *`.execute(db);
      return result.rows.map(toOutboxRow).sort((a, b) => a.id - b.id);
    },
    alertSendsSince: async (url, since) => {
      const row = await db
        .selectFrom("webhook_deliveries as d")
        .innerJoin("webhook_outbox as o", "o.id", "d.outbox_id")
        .select((eb) => [eb.fn.countAll<string | number>().as("count"), eb.fn.min("d.attempted_at").as("oldest")])
        .where("d.url", "=", url)
        .where("d.error", "is", null)
        .where("d.attempted_at", ">", since)
        .where("o.event_type", "<>", "sign-in")
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ?? null };
    },
    peekDue: async (now, limit, lane) => {
      const rows = await db
        .selectFrom("webhook_outbox")
        .select(DUE_COLUMNS)
        .where("lane", "=", lane)
        .where("state", "=", "pending")
        .where("next_attempt_at", "<=", now)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .orderBy("next_attempt_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toDueRow).sort((a, b) => a.id - b.id);
    },
    claimIds: async (ids, now, leaseUntil) => {
      const claimed: OutboxRow[] = [];
      for (let i = 0; i < ids.length; i += 500) claimed.push(...(await takeIds(db, ids.slice(i, i + 500), now, sql`claimed_until = ${leaseUntil}`)));
      return claimed.sort((a, b) => a.id - b.id);
    },
    foldIntoDigest: async (ids, now, digestFor) => {
      const work = async (trx: Kysely<Schema>) => {
        const folded: OutboxRow[] = [];
        for (let i = 0; i < ids.length; i += 500) {
          folded.push(...(await takeIds(trx, ids.slice(i, i + 500), now, sql`state = 'delivered', claimed_until = NULL, delivered_at = ${now}`)));
        }
        if (folded.length === 0) return undefined;
        const { digest, merge } = digestFor(folded.sort((a, b) => a.id - b.id));
        // The address's digest that waits for its window (locked on PostgreSQL until this commits,
        // so a second process neither claims it to send nor merges into it meanwhile).
        const waiting = await trx
          .selectFrom("webhook_outbox")
          .select(["id", "event_id", "payload", "next_attempt_at"])
          .where("lane", "=", "alert")
          .where("state", "=", "pending")
          .where("url", "=", digest.url)
          .where("event_id", "like", `${DIGEST_EVENT_PREFIX}%`)
          .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", digest.createdAt)]))
          .orderBy("id")
          .limit(1)
          .$if(dialect === "postgres", (query) => query.forUpdate())
          .executeTakeFirst();
        if (waiting) {
          // Due at the earlier of the two times: a window that has room again does not wait for the later.
          const due = digest.dueAt < waiting.next_attempt_at ? digest.dueAt : waiting.next_attempt_at;
          await trx.updateTable("webhook_outbox").set({ payload: merge(waiting.payload), next_attempt_at: due }).where("id", "=", waiting.id).execute();
          return { digestId: waiting.event_id, folded: folded.length };
        }
        // Filed as a 'lead' event (the table's event types allow no other); its id says it is a digest.
        await insertRows([{ eventId: digest.eventId, type: "lead", companyId: digest.companyId, url: digest.url, payload: digest.payload(), createdAt: digest.createdAt, dueAt: digest.dueAt }], trx);
        return { digestId: digest.eventId, folded: folded.length };
      };
      return db.isTransaction ? work(db) : db.transaction().execute(work);
    },
    prune: async (lane, before, limit) => {
      const work = async (trx: Kysely<Schema>) => {
        // Read from the lane's index (lane, state, next_attempt_at): a settled row's
        // next_attempt_at is its last try, or its due time when it was folded into a digest.
        const rows = await trx
          .selectFrom("webhook_outbox")
          .select(["id", "event_id"])
          .where("lane", "=", lane)
          .where("state", "in", ["delivered", "dead"])
          .where("next_attempt_at", "<", before)
          .limit(limit)
          .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked())
          .execute();
        if (rows.length === 0) return 0;
        const ids = rows.map((row) => Number(row.id));
        // The log is found by its event id (indexed), and only these rows' attempts go.
        await trx
          .deleteFrom("webhook_deliveries")
          .where("event_id", "in", [...new Set(rows.map((row) => row.event_id))])
          .where("outbox_id", "in", ids)
          .execute();
        await trx.deleteFrom("webhook_outbox").where("id", "in", ids).execute();
        return rows.length;
      };
      return db.isTransaction ? work(db) : db.transaction().execute(work);
    },
    recordAttempt: (row, attempt, outcome) => recordAttempts([{ row, attempt, outcome }]),
    recordAttempts: (attempts) => recordAttempts(attempts),
    findSettings,
    replaceSettings: async (rows) => {
      const work = async (trx: Kysely<Schema>) => {
        await trx.deleteFrom("company_delivery").execute();
        for (const row of rows) {
          await trx
            .insertInto("company_delivery")
            .values({ company_id: row.companyId, webhook_urls: JSON.stringify(row.webhookUrls), webhook_secret: row.webhookSecret, api_key: row.apiKey })
            .execute();
        }
      };
      await (db.isTransaction ? work(db) : db.transaction().execute(work));
    },
  };
}
