// Orders and booked time windows of the simulated ServMan account, in the demo store.
// Tables: servman-migrations.ts (run here, so any database the store is given is ready).
import Database from "libsql";
import type { DemoDatabase } from "../db/database.ts";
import { SERVMAN_MIGRATIONS } from "./servman-migrations.ts";
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
  createOrder(row: Omit<ServmanOrderRow, "id">): ServmanOrderRow;
  /** The order only when it belongs to this company. */
  findOrder(companyId: string, orderId: number): ServmanOrderRow | undefined;
  /** Windows booked through the API on a day (standing bookings are the catalog's). */
  listBooked(companyId: string, date: string): BookedWindow[];
  findBooking(companyId: string, orderId: number): ServmanBookingRow | undefined;
  /** Books the window for the order, atomically: a window or an order is booked once. */
  book(row: ServmanBookingRow): BookResult;
}

interface RawOrder {
  id: number;
  company_id: string;
  bot_id: string;
  client_id: string;
  contact_id: string;
  question_id: number;
  notes: string | null;
  is_test: number;
  created_at: string;
}

interface RawBooking {
  company_id: string;
  date: string;
  employee_id: number;
  service_window_id: number;
  order_id: number;
  datetime_ticks: string;
  notes: string;
  is_test: number;
  created_at: string;
}

function toOrder(raw: unknown): ServmanOrderRow | undefined {
  if (raw === undefined) return undefined;
  const row = raw as RawOrder;
  return {
    id: Number(row.id),
    companyId: row.company_id,
    botId: row.bot_id,
    clientId: row.client_id,
    contactId: row.contact_id,
    questionId: Number(row.question_id),
    notes: row.notes,
    isTest: row.is_test === 1,
    createdAt: row.created_at,
  };
}

function toBooking(raw: unknown): ServmanBookingRow | undefined {
  if (raw === undefined) return undefined;
  const row = raw as RawBooking;
  return {
    companyId: row.company_id,
    date: row.date,
    employeeId: Number(row.employee_id),
    serviceWindowId: Number(row.service_window_id),
    orderId: Number(row.order_id),
    datetimeTicks: row.datetime_ticks,
    notes: row.notes,
    isTest: row.is_test === 1,
    createdAt: row.created_at,
  };
}

/** With no database given, a private in-memory one (a server that does not share its own). */
export function createServmanStore(db: DemoDatabase = new Database(":memory:")): ServmanStore {
  for (const statement of SERVMAN_MIGRATIONS) db.exec(statement);
  const insertOrder = db.prepare(
    `INSERT INTO servman_orders (company_id, bot_id, client_id, contact_id, question_id, notes, is_test, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectOrder = db.prepare("SELECT * FROM servman_orders WHERE company_id = ? AND id = ?");
  const selectBooked = db.prepare("SELECT employee_id, service_window_id FROM servman_bookings WHERE company_id = ? AND date = ?");
  const selectBooking = db.prepare("SELECT * FROM servman_bookings WHERE company_id = ? AND order_id = ?");
  const insertBooking = db.prepare(
    `INSERT OR IGNORE INTO servman_bookings
       (company_id, date, employee_id, service_window_id, order_id, datetime_ticks, notes, is_test, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  const book = db.transaction((row: ServmanBookingRow): BookResult => {
    if (selectBooking.get(row.companyId, row.orderId) !== undefined) return { ok: false, reason: "order-booked" };
    const inserted = insertBooking.run(
      row.companyId,
      row.date,
      row.employeeId,
      row.serviceWindowId,
      row.orderId,
      row.datetimeTicks,
      row.notes,
      row.isTest ? 1 : 0,
      row.createdAt,
    );
    return inserted.changes > 0 ? { ok: true, booking: row } : { ok: false, reason: "window-taken" };
  });

  return {
    createOrder(row) {
      const result = insertOrder.run(
        row.companyId,
        row.botId,
        row.clientId,
        row.contactId,
        row.questionId,
        row.notes,
        row.isTest ? 1 : 0,
        row.createdAt,
      );
      return { ...row, id: Number(result.lastInsertRowid) };
    },
    findOrder: (companyId, orderId) => toOrder(selectOrder.get(companyId, orderId)),
    listBooked: (companyId, date) =>
      (selectBooked.all(companyId, date) as Array<{ employee_id: number; service_window_id: number }>).map((r) => ({
        employeeId: Number(r.employee_id),
        serviceWindowId: Number(r.service_window_id),
      })),
    findBooking: (companyId, orderId) => toBooking(selectBooking.get(companyId, orderId)),
    book: (row) => book(row),
  };
}
