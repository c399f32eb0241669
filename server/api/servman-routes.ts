// The ServMan calls of SPEC §7 (docs/api.md 'ServMan scheduling') over the company's ServMan
// account (the CRM port's): categories and problems from its catalogue, orders and booked
// windows in the store, free windows worked out per day. Only companies on servman with an
// account are served; without a ServMan connection every call is a 503, and the widget ends at
// 'call the office' (SPEC §2/§5).
import { Hono, type Context } from "hono";
import { ServmanAvailabilityQuerySchema, ServmanAvailabilitySchema } from "../../src/contract/servman-availability.ts";
import { ServmanInfoBodySchema, ServmanInfoSchema } from "../../src/contract/servman-info.ts";
import { ServmanOrderBodySchema, ServmanOrderResponseSchema } from "../../src/contract/servman-order.ts";
import { ServmanProblemsBodySchema, ServmanProblemsSchema } from "../../src/contract/servman-problems.ts";
import { ServmanConfirmBodySchema, ServmanConfirmSchema } from "../../src/contract/servman-schedule-confirm.ts";
import { ServmanScheduleBodySchema, ServmanSlotsSchema } from "../../src/contract/servman-schedule.ts";
import { addDays, calendarRange, isWithinCalendar, localIsoDate, weekdayOf } from "../../src/flow/scheduling.ts";
import { crmSolutionOf, type CrmPort } from "../ports/crm.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { findProblem, problemsFor, type ServmanCatalog } from "../servman/catalog.ts";
import type { ServmanOrderRow, ServmanStore } from "../servman/servman-store.ts";
import { findWindow, freeSlots, isWindowFree, readTicks } from "../servman/time-windows.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic, jsonBody, queryOf, sendParsed } from "./request-body.ts";

export interface ServmanRoutesDeps {
  companies: CompanyStore;
  servman: ServmanStore;
  /** The companies' CRM: their ServMan accounts. */
  crm: CrmPort;
  /** A booking and its `booking` webhook are stored together. */
  transaction: RunInTransaction;
  /** The account's today, "YYYY-MM-DD" (default: the server's local day). */
  today?: () => string;
  now?: () => Date;
}

type Account = { ok: true; catalog: ServmanCatalog } | { ok: false; response: Response };

export function createServmanRoutes(deps: ServmanRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());
  const today = deps.today ?? (() => localIsoDate(Date.now(), new Date().getTimezoneOffset()));

  async function account(c: Context, companyId: string, botId: string): Promise<Account> {
    const bot = await deps.companies.findBot(companyId, botId);
    if (!bot) {
      const message = (await deps.companies.findFirstBot(companyId)) ? `Company "${companyId}" has no bot "${botId}"` : `Unknown company "${companyId}"`;
      return { ok: false, response: apiError(c, 404, message) };
    }
    if (crmSolutionOf(bot.config) !== "servman") return { ok: false, response: apiError(c, 400, `Company "${companyId}" does not use ServMan`) };
    if (!deps.crm.solutions.has("servman")) return { ok: false, response: apiError(c, 503, "This server has no ServMan connection: please call the office") };
    const catalog = await deps.crm.servmanAccount(companyId);
    if (!catalog) return { ok: false, response: apiError(c, 400, `Company "${companyId}" has no ServMan account`) };
    return { ok: true, catalog };
  }

  const unknownBranch = (c: Context, branchId: string) => apiError(c, 400, `Invalid branchId: unknown branch "${branchId}"`);

  /** The order, when it is this company's (and this client's, when one is named). */
  async function order(c: Context, companyId: string, orderId: number, clientId?: string): Promise<ServmanOrderRow | Response> {
    const found = await deps.servman.findOrder(companyId, orderId);
    if (!found || (clientId !== undefined && found.clientId !== clientId)) return apiError(c, 404, `No order ${orderId} for company "${companyId}"`);
    return found;
  }

  /** SPEC §5: a day from today to one year ahead, named with its weekday. */
  function checkDay(c: Context, date: string, day: string): Response | null {
    const range = calendarRange(today());
    if (!isWithinCalendar(date, range.min)) return apiError(c, 400, `Invalid date: ${date} is not between ${range.min} and ${range.max}`);
    const weekday = weekdayOf(date);
    if (day !== weekday) return apiError(c, 400, `Invalid day: ${date} is a ${weekday}`);
    return null;
  }

  routes.post("/v1/servman/info", jsonBody(ServmanInfoBodySchema), async (c) => {
    const { companyId, botId, branchId } = c.req.valid("json");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    if (!found.catalog.branches.includes(branchId)) return unknownBranch(c, branchId);
    return sendParsed(c, ServmanInfoSchema, { data: found.catalog.categories.map(({ id, name }) => ({ id, name })) });
  });

  routes.post("/v1/servman/problems", jsonBody(ServmanProblemsBodySchema), async (c) => {
    const { companyId, botId, categoryId, branchId, contractRelated } = c.req.valid("json");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    if (!found.catalog.branches.includes(branchId)) return unknownBranch(c, branchId);
    const category = found.catalog.categories.find((cat) => cat.id === categoryId);
    if (!category) return apiError(c, 400, `Invalid categoryId: no category ${categoryId}`);
    const problems = problemsFor(category, contractRelated);
    // SPEC §7: a 404 means the category has no problems for this customer.
    if (problems.length === 0) return apiError(c, 404, `No problems in category "${category.name}"${contractRelated ? " for agreement customers" : ""}`);
    return sendParsed(c, ServmanProblemsSchema, {
      data: problems.map((p) => ({ id: p.id, name: p.name, allow_scheduling: p.allowScheduling })),
    });
  });

  routes.post("/v1/servman/order", jsonBody(ServmanOrderBodySchema), async (c) => {
    const { companyId, botId, client_id, contact_id, question_id, notes } = c.req.valid("json");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    if (!findProblem(found.catalog, question_id)) return apiError(c, 400, `Invalid question_id: no problem ${question_id}`);
    const created = await deps.servman.createOrder({
      companyId,
      botId,
      clientId: client_id,
      contactId: contact_id,
      questionId: question_id,
      notes: notes?.trim() ? notes.trim() : null,
      isTest: isTestTraffic(c),
      createdAt: now().toISOString(),
    });
    return sendParsed(c, ServmanOrderResponseSchema, { data: [{ id: created.id }] });
  });

  routes.post("/v1/servman/schedule", jsonBody(ServmanScheduleBodySchema), async (c) => {
    const { companyId, botId, client_id, date, order_id, branchId, question_id, day } = c.req.valid("json");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    if (!found.catalog.branches.includes(branchId)) return unknownBranch(c, branchId);
    const theOrder = await order(c, companyId, order_id, client_id);
    if (theOrder instanceof Response) return theOrder;
    if (theOrder.questionId !== question_id) return apiError(c, 400, `Invalid question_id: order ${order_id} is for problem ${theOrder.questionId}`);
    if (!findProblem(found.catalog, question_id)?.allowScheduling) return apiError(c, 400, `Problem ${question_id} is not booked online`);
    const badDay = checkDay(c, date, day);
    if (badDay) return badDay;
    const slots = freeSlots(found.catalog, date, await deps.servman.listBooked(companyId, date));
    return sendParsed(c, ServmanSlotsSchema, { data: slots });
  });

  // The days of a month with a free window (any order's: the windows are the company's), so
  // the calendar can mark the others before a day is chosen. Days outside today to one year
  // ahead are never listed; a month wholly outside it is a bad request.
  routes.get("/v1/servman/schedule/availability", queryOf(ServmanAvailabilityQuerySchema), async (c) => {
    const { companyId, botId, branchId, month } = c.req.valid("query");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    if (!found.catalog.branches.includes(branchId)) return unknownBranch(c, branchId);
    const range = calendarRange(today());
    const [first, last] = [range.min.slice(0, 7), range.max.slice(0, 7)];
    if (month < first || month > last) return apiError(c, 400, `Invalid month: ${month} is not between ${first} and ${last}`);
    const open: string[] = [];
    for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) {
      if (day < range.min || day > range.max) continue;
      if (freeSlots(found.catalog, day, await deps.servman.listBooked(companyId, day)).length > 0) open.push(day);
    }
    return sendParsed(c, ServmanAvailabilitySchema, { month, data: open });
  });

  routes.post("/v1/servman/schedule/confirm", jsonBody(ServmanConfirmBodySchema), async (c) => {
    const { companyId, botId, order_id, datetime, employee_id, service_window_id, day, notes } = c.req.valid("json");
    const found = await account(c, companyId, botId);
    if (!found.ok) return found.response;
    const { catalog } = found;
    const theOrder = await order(c, companyId, order_id);
    if (theOrder instanceof Response) return theOrder;
    if (!findProblem(catalog, theOrder.questionId)?.allowScheduling) return apiError(c, 400, `Problem ${theOrder.questionId} is not booked online`);
    const window = findWindow(catalog, service_window_id);
    if (!window) return apiError(c, 400, `Invalid service_window_id: no window ${service_window_id}`);
    const start = readTicks(datetime);
    if (!start || start.minutes !== window.startMinutes) {
      return apiError(c, 400, `Invalid datetime: not the start of window ${service_window_id} (${window.description})`);
    }
    const badDay = checkDay(c, start.date, day);
    if (badDay) return badDay;
    const technician = catalog.technicians.find((t) => t.id === employee_id);
    if (!technician?.windows[day]?.includes(service_window_id)) {
      return apiError(c, 400, `Invalid employee_id: technician ${employee_id} does not work window ${service_window_id} on ${day}s`);
    }
    const answer = { confirmed: true as const, order_id, employee_id, service_window_id, service_window_desc: window.description, date: start.date };

    // The same confirmation again (a retry after a lost answer) is answered as the first.
    const existing = await deps.servman.findBooking(companyId, order_id);
    if (existing) {
      const same = existing.date === start.date && existing.employeeId === employee_id && existing.serviceWindowId === service_window_id;
      return same ? sendParsed(c, ServmanConfirmSchema, answer) : apiError(c, 409, `Order ${order_id} already has a time window`);
    }
    if (!isWindowFree(catalog, start.date, employee_id, service_window_id, await deps.servman.listBooked(companyId, start.date))) {
      return apiError(c, 409, `Time window ${window.description} on ${start.date} is already taken`);
    }
    const booking = {
      companyId,
      date: start.date,
      employeeId: employee_id,
      serviceWindowId: service_window_id,
      orderId: order_id,
      datetimeTicks: datetime,
      notes,
      isTest: isTestTraffic(c),
      createdAt: now().toISOString(),
    };
    const booked = await deps.transaction(async (tx) => {
      const result = await tx.servman.book(booking);
      if (result.ok && !booking.isTest) {
        const data = {
          botId,
          orderId: order_id,
          clientId: theOrder.clientId,
          contactId: theOrder.contactId,
          date: start.date,
          serviceWindow: window.description,
          employeeId: employee_id,
          notes,
        };
        await tx.outbox.enqueue({ type: "booking", companyId, createdAt: booking.createdAt, data });
      }
      return result;
    });
    if (!booked.ok) {
      const message = booked.reason === "order-booked" ? `Order ${order_id} already has a time window` : `Time window ${window.description} on ${start.date} is already taken`;
      return apiError(c, 409, message);
    }
    return sendParsed(c, ServmanConfirmSchema, answer);
  });

  return routes;
}
