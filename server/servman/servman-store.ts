// Orders and booked time windows of the simulated ServMan account, in the store.
// Tables: migration 1 (db/migrations/0001-initial.ts).
import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../db/migrations.ts";
import type { Schema, ServmanBookingsTable, ServmanOrdersTable } from "../db/schema.ts";
import type { BookedWindow } from "./time-windows.ts";

export interface ServmanOrderRow {
  id: number;
  companyId: string;
  botId: string;
  clientId: string;
  contactId: string;
  questionId: number;
  notes: string | null;
  isTest: boolean;
  createdAt: string;
}

export interface ServmanBookingRow {
  companyId: string;
  date: string;
  employeeId: number;
  serviceWindowId: number;
  orderId: number;
  datetimeTicks: string;
  notes: string;
  isTest: boolean;
  createdAt: string;
}

export type BookResult = { ok: true; booking: ServmanBookingRow } | { ok: false; reason: "window-taken" | "order-booked" };

export interface ServmanStore {
  createOrder(row: Omit<ServmanOrderRow, "id">): Promise<ServmanOrderRow>;
  /** The order only when it belongs to this company. */
  findOrder(companyId: string, orderId: number): Promise<ServmanOrderRow | undefined>;
  /** Windows booked through the API on a day (standing bookings are the catalog's). */
  listBooked(companyId: string, date: string): Promise<BookedWindow[]>;
  findBooking(companyId: string, orderId: number): Promise<ServmanBookingRow | undefined>;
  /** Books the window for the order, atomically: a window or an order is booked once. */
  book(row: ServmanBookingRow): Promise<BookResult>;
}

function toOrder(row: Selectable<ServmanOrdersTable> | undefined): ServmanOrderRow | undefined {
  if (row === undefined) return undefined;
  return {
    id: Number(row.id),
    companyId: row.company_id,
    botId: row.bot_id,
    clientId: row.client_id,
    contactId: row.contact_id,
    questionId: Number(row.question_id),
    notes: row.notes,
    isTest: Number(row.is_test) === 1,
    createdAt: row.created_at,
  };
}

function toBooking(row: Selectable<ServmanBookingsTable> | undefined): ServmanBookingRow | undefined {
  if (row === undefined) return undefined;
  return {
    companyId: row.company_id,
    date: row.date,
    employeeId: Number(row.employee_id),
    serviceWindowId: Number(row.service_window_id),
    orderId: Number(row.order_id),
    datetimeTicks: row.datetime_ticks,
    notes: row.notes,
    isTest: Number(row.is_test) === 1,
    createdAt: row.created_at,
  };
}

/** `db` may be a transaction: the store's calls then belong to it. */
export function createServmanStore(db: Kysely<Schema>, _dialect: Dialect): ServmanStore {
  const findBooking = async (companyId: string, orderId: number) =>
    toBooking(await db.selectFrom("servman_bookings").selectAll().where("company_id", "=", companyId).where("order_id", "=", orderId).executeTakeFirst());

  // The primary key (company, date, technician, window) and the unique order id decide:
  // of two visitors booking one window at once, one row is inserted, on both databases.
  const book = async (trx: Kysely<Schema>, row: ServmanBookingRow): Promise<BookResult> => {
    const existing = await trx.selectFrom("servman_bookings").select("order_id").where("company_id", "=", row.companyId).where("order_id", "=", row.orderId).executeTakeFirst();
    if (existing !== undefined) return { ok: false, reason: "order-booked" };
    const inserted = await trx
      .insertInto("servman_bookings")
      .values({
        company_id: row.companyId,
        date: row.date,
        employee_id: row.employeeId,
        service_window_id: row.serviceWindowId,
        order_id: row.orderId,
        datetime_ticks: row.datetimeTicks,
        notes: row.notes,
        is_test: row.isTest ? 1 : 0,
        created_at: row.createdAt,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("order_id")
      .executeTakeFirst();
    if (inserted !== undefined) return { ok: true, booking: row };
    // The conflict was the order's own (booked meanwhile) or the window's.
    const again = await trx.selectFrom("servman_bookings").select("order_id").where("company_id", "=", row.companyId).where("order_id", "=", row.orderId).executeTakeFirst();
    return { ok: false, reason: again === undefined ? "window-taken" : "order-booked" };
  };

  return {
    async createOrder(row) {
      const inserted = await db
        .insertInto("servman_orders")
        .values({
          company_id: row.companyId,
          bot_id: row.botId,
          client_id: row.clientId,
          contact_id: row.contactId,
          question_id: row.questionId,
          notes: row.notes,
          is_test: row.isTest ? 1 : 0,
          created_at: row.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ...row, id: Number(inserted.id) };
    },
    findOrder: async (companyId, orderId) =>
      toOrder(await db.selectFrom("servman_orders").selectAll().where("company_id", "=", companyId).where("id", "=", orderId).executeTakeFirst()),
    listBooked: async (companyId, date) =>
      (
        await db.selectFrom("servman_bookings").select(["employee_id", "service_window_id"]).where("company_id", "=", companyId).where("date", "=", date).execute()
      ).map((r) => ({ employeeId: Number(r.employee_id), serviceWindowId: Number(r.service_window_id) })),
    findBooking,
    book: (row) => (db.isTransaction ? book(db, row) : db.transaction().execute((trx) => book(trx, row))),
  };
}
