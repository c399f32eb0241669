// The ServMan calls of the reference backend (docs/api.md 'ServMan scheduling'), through its
// routes with a fixed today (Monday 2026-11-02): categories, problems (404 as none), orders,
// a day's free windows, and confirming one: 200 books it, 409 when it is taken, 400 bodies.
// Over 300 lines on purpose: every ServMan route with its bad bodies, on one site with one fixed today.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import type { Hono } from "hono";
import * as v from "valibot";
import { ServmanAvailabilitySchema } from "../../../src/contract/servman-availability.ts";
import { ServmanInfoSchema } from "../../../src/contract/servman-info.ts";
import { ServmanProblemsSchema } from "../../../src/contract/servman-problems.ts";
import { ServmanOrderResponseSchema } from "../../../src/contract/servman-order.ts";
import { ServmanSlotsSchema } from "../../../src/contract/servman-schedule.ts";
import { ServmanConfirmSchema } from "../../../src/contract/servman-schedule-confirm.ts";
import { createServmanRoutes } from "../../../server/api/servman-routes.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import type { ServmanStore } from "../../../server/servman/servman-store.ts";
import { CRM_OFF } from "../../../server/ports/crm.ts";
import { SIMULATED_CRM } from "../../../demo-site/crm/simulated-crm.ts";

const TODAY = "2026-11-02";
const COMPANY = { companyId: "bugbusters-pest", botId: "pest" };
const CLIENT = { client_id: "SM-5550199", contact_id: "SM-5550199-C1" };

let app: Hono;
let store: ServmanStore;
let db: OpenStores;

beforeEach(async () => {
  db = await openStores(":memory:");
  const companies = db.companies;
  await companies.replaceAll([
    { companyId: "bugbusters-pest", botId: "pest", config: JSON.stringify({ id: "pest", companyName: "BugBusters", crmSolution: "servman" }) },
    { companyId: "greenway-lawn", botId: "lawn", config: JSON.stringify({ id: "lawn", companyName: "Greenway", crmSolution: "real-green" }) },
  ]);
  store = db.servman;
  app = createServmanRoutes({ companies, servman: store, transaction: db.transaction, crm: SIMULATED_CRM, today: () => TODAY, now: () => new Date("2026-11-02T15:00:00Z") });
});
afterEach(() => db.close());

async function post(path: string, body: unknown, query = ""): Promise<{ status: number; json: unknown }> {
  const response = await app.request(`/v1/servman/${path}${query}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const message = (json: unknown) => (json as { message: string }).message;

async function createOrder(questionId: number, notes?: string): Promise<number> {
  const { status, json } = await post("order", { ...COMPANY, ...CLIENT, question_id: questionId, ...(notes ? { notes } : {}) });
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(ServmanOrderResponseSchema, json).data[0]!.id;
}

const scheduleBody = (orderId: number, date: string, day: string, questionId = 101) => ({
  ...COMPANY,
  client_id: CLIENT.client_id,
  date,
  order_id: orderId,
  branchId: "SM-BR1",
  question_id: questionId,
  day,
});

async function windows(orderId: number, date: string, day: string): Promise<Array<[number, number, string]>> {
  const { status, json } = await post("schedule", scheduleBody(orderId, date, day));
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(ServmanSlotsSchema, json).data.map((s) => [s.employee_id, s.service_window_id, s.service_window_desc]);
}

const confirmBody = (orderId: number, employee: number, window: number, datetime: string, day: string) => ({
  ...COMPANY,
  order_id: orderId,
  datetime,
  employee_id: employee,
  service_window_id: window,
  day,
  notes: "Gate code 1234",
});

// .NET ticks, worked out by hand: (days since 0001-01-01) * 864000000000 + seconds * 10^7.
const MON_0800 = "639292032000000000";
const TUE_0800 = "639292896000000000";
const TUE_1000 = "639292968000000000";
const TUE_1300 = "639293076000000000";
const TUE_0900 = "639292932000000000";
const TUE_10TH_1000 = "639299016000000000";

describe("POST /v1/servman/info", () => {
  test("lists the company's categories", async () => {
    const { status, json } = await post("info", { ...COMPANY, crmId: CLIENT.client_id, branchId: "SM-BR1" });
    assert.equal(status, 200);
    assert.deepEqual(v.parse(ServmanInfoSchema, json).data, [
      { id: 1, name: "Ants" },
      { id: 2, name: "Rodents" },
      { id: 3, name: "Stinging insects" },
      { id: 4, name: "Termites" },
      { id: 5, name: "My service agreement" },
    ]);
  });

  const bad: Array<[string, unknown, number, RegExp]> = [
    ["an unknown company", { companyId: "acme", botId: "pest", crmId: "x", branchId: "SM-BR1" }, 404, /Unknown company "acme"/],
    ["an unknown bot", { ...COMPANY, botId: "lawn", crmId: "x", branchId: "SM-BR1" }, 404, /has no bot "lawn"/],
    ["a company not on ServMan", { companyId: "greenway-lawn", botId: "lawn", crmId: "x", branchId: "SM-BR1" }, 400, /does not use ServMan/],
    ["an unknown branch", { ...COMPANY, crmId: "x", branchId: "SM-BR9" }, 400, /Invalid branchId: unknown branch "SM-BR9"/],
    ["no crmId", { ...COMPANY, branchId: "SM-BR1" }, 400, /^Invalid crmId/],
    ["a blank crmId", { ...COMPANY, crmId: "  ", branchId: "SM-BR1" }, 400, /^Invalid crmId/],
    ["an unknown field", { ...COMPANY, crmId: "x", branchId: "SM-BR1", admin: true }, 400, /^Invalid admin/],
    ["malformed JSON", "{nope", 400, /Malformed JSON body/],
  ];
  for (const [name, body, status, pattern] of bad) {
    test(`${name}: ${status}`, async () => {
      const answer = await post("info", body);
      assert.equal(answer.status, status);
      assert.match(message(answer.json), pattern);
    });
  }

  test("a server with no ServMan connection answers every ServMan call 503 (the widget then asks the visitor to call the office), and stores no order", async () => {
    app = createServmanRoutes({ companies: db.companies, servman: store, transaction: db.transaction, crm: CRM_OFF, today: () => TODAY });
    const calls: Array<[string, unknown]> = [
      ["info", { ...COMPANY, crmId: CLIENT.client_id, branchId: "SM-BR1" }],
      ["problems", { ...COMPANY, categoryId: 1, branchId: "SM-BR1", contractRelated: false }],
      ["order", { ...COMPANY, ...CLIENT, question_id: 101 }],
    ];
    for (const [path, body] of calls) {
      const answer = await post(path, body);
      assert.equal(answer.status, 503, path);
      assert.match(message(answer.json), /no ServMan connection/);
    }
    assert.equal(await store.findOrder("bugbusters-pest", 1), undefined);
    // A company not on ServMan is still told so.
    assert.equal((await post("info", { companyId: "greenway-lawn", botId: "lawn", crmId: "x", branchId: "SM-BR1" })).status, 400);
  });
});

describe("POST /v1/servman/problems", () => {
  const body = (categoryId: unknown, contractRelated: unknown) => ({ ...COMPANY, categoryId, branchId: "SM-BR1", contractRelated });

  test("the category's problems, with whether each is booked online", async () => {
    const { status, json } = await post("problems", body(1, false));
    assert.equal(status, 200);
    assert.deepEqual(v.parse(ServmanProblemsSchema, json).data, [
      { id: 101, name: "Ants in the kitchen or bathroom", allow_scheduling: true },
      { id: 102, name: "Fire ant mounds in the yard", allow_scheduling: true },
      { id: 103, name: "Carpenter ants (inspection first)", allow_scheduling: false },
    ]);
  });

  test("agreement problems only for agreement customers", async () => {
    const { status, json } = await post("problems", body(5, true));
    assert.equal(status, 200);
    assert.deepEqual(v.parse(ServmanProblemsSchema, json).data.map((p) => p.id), [501, 502]);
  });

  const none: Array<[string, number, boolean]> = [
    ["a category without problems", 4, false],
    ["agreement problems for a one-time customer", 5, false],
  ];
  for (const [name, category, contract] of none) {
    test(`${name}: 404 means none`, async () => {
      const { status, json } = await post("problems", body(category, contract));
      assert.equal(status, 404);
      assert.match(message(json), /^No problems in category/);
    });
  }

  const bad: Array<[string, unknown, RegExp]> = [
    ["an unknown category", body(99, false), /Invalid categoryId: no category 99/],
    ["a category id as text", body("1", false), /^Invalid categoryId/],
    ["no contractRelated", { ...COMPANY, categoryId: 1, branchId: "SM-BR1" }, /^Invalid contractRelated/],
    ["contractRelated as text", body(1, "yes"), /^Invalid contractRelated/],
  ];
  for (const [name, payload, pattern] of bad) {
    test(`${name}: 400`, async () => {
      const { status, json } = await post("problems", payload);
      assert.equal(status, 400);
      assert.match(message(json), pattern);
    });
  }
});

describe("POST /v1/servman/order", () => {
  test("one order per request, numbered from 40001, the notes and test traffic kept", async () => {
    const first = await createOrder(101, "  Gate code 1234 ");
    const second = await createOrder(103);
    assert.deepEqual([first, second], [40001, 40002]);
    assert.equal((await store.findOrder("bugbusters-pest", first))?.notes, "Gate code 1234");
    assert.equal((await store.findOrder("bugbusters-pest", second))?.notes, null);
    const { json } = await post("order", { ...COMPANY, ...CLIENT, question_id: 101 }, "?preview=true");
    const third = v.parse(ServmanOrderResponseSchema, json).data[0]!.id;
    assert.deepEqual([(await store.findOrder("bugbusters-pest", first))?.isTest, (await store.findOrder("bugbusters-pest", third))?.isTest], [false, true]);
  });

  const bad: Array<[string, unknown, number, RegExp]> = [
    ["an unknown problem", { ...COMPANY, ...CLIENT, question_id: 999 }, 400, /Invalid question_id: no problem 999/],
    ["no contact", { ...COMPANY, client_id: "x", question_id: 101 }, 400, /^Invalid contact_id/],
    ["notes too long", { ...COMPANY, ...CLIENT, question_id: 101, notes: "x".repeat(2001) }, 400, /^Invalid notes/],
    ["a company not on ServMan", { companyId: "greenway-lawn", botId: "lawn", ...CLIENT, question_id: 101 }, 400, /does not use ServMan/],
  ];
  for (const [name, body, status, pattern] of bad) {
    test(`${name}: ${status}, nothing stored`, async () => {
      const answer = await post("order", body);
      assert.equal(answer.status, status);
      assert.match(message(answer.json), pattern);
      assert.equal((await store.findOrder("bugbusters-pest", 40001)), undefined);
    });
  }
});

describe("POST /v1/servman/schedule", () => {
  const EIGHT = "8:00 AM - 10:00 AM";
  const TEN = "10:00 AM - 12:00 PM";
  const ONE = "1:00 PM - 3:00 PM";
  const THREE = "3:00 PM - 5:00 PM";
  const days: Array<[string, string, string, Array<[number, number, string]>]> = [
    [
      "a Monday: both technicians, a window named once per free technician",
      TODAY,
      "Monday",
      [[7, 1, EIGHT], [8, 1, EIGHT], [7, 2, TEN], [8, 2, TEN], [7, 3, ONE], [8, 3, ONE], [7, 4, THREE]],
    ],
    ["a Tuesday: Maria's early window is a standing booking", "2026-11-03", "Tuesday", [[7, 2, TEN], [7, 3, ONE], [7, 4, THREE]]],
    ["a Saturday: Dev's mornings", "2026-11-07", "Saturday", [[8, 1, EIGHT], [8, 2, TEN]]],
    ["a Sunday: nobody works", "2026-11-08", "Sunday", []],
    ["the 10th: a full route day", "2026-11-10", "Tuesday", []],
    ["one year ahead", "2027-11-02", "Tuesday", [[7, 2, TEN], [7, 3, ONE], [7, 4, THREE]]],
  ];
  for (const [name, date, day, expected] of days) {
    test(name, async () => assert.deepEqual(await windows(await createOrder(101), date, day), expected));
  }

  test("slots carry their day and the window's start in ticks", async () => {
    const { json } = await post("schedule", scheduleBody(await createOrder(101), TODAY, "Monday"));
    const [first] = v.parse(ServmanSlotsSchema, json).data;
    assert.deepEqual(first, { employee_id: 7, service_window_id: 1, service_window_desc: EIGHT, datetime_ticks: MON_0800, date: TODAY, day: "Monday" });
  });

  const bad: Array<[string, (order: number) => unknown, number, RegExp]> = [
    ["yesterday", (o) => scheduleBody(o, "2026-11-01", "Sunday"), 400, /Invalid date: 2026-11-01 is not between 2026-11-02 and 2027-11-02/],
    ["a year and a day ahead", (o) => scheduleBody(o, "2027-11-03", "Wednesday"), 400, /Invalid date: 2027-11-03/],
    ["a day that does not exist", (o) => scheduleBody(o, "2026-11-31", "Monday"), 400, /^Invalid date/],
    ["the wrong weekday", (o) => scheduleBody(o, "2026-11-03", "Monday"), 400, /Invalid day: 2026-11-03 is a Tuesday/],
    ["another problem than the order's", (o) => scheduleBody(o, TODAY, "Monday", 102), 400, /order \d+ is for problem 101/],
    ["an unknown order", () => scheduleBody(12345, TODAY, "Monday"), 404, /No order 12345/],
    ["another client's order", (o) => ({ ...scheduleBody(o, TODAY, "Monday"), client_id: "SM-1" }), 404, /No order/],
    ["an unknown branch", (o) => ({ ...scheduleBody(o, TODAY, "Monday"), branchId: "X" }), 400, /unknown branch/],
    ["an order id as text", (o) => ({ ...scheduleBody(o, TODAY, "Monday"), order_id: String(o) }), 400, /^Invalid order_id/],
  ];
  for (const [name, body, status, pattern] of bad) {
    test(`${name}: ${status}`, async () => {
      const answer = await post("schedule", body(await createOrder(101)));
      assert.equal(answer.status, status);
      assert.match(message(answer.json), pattern);
    });
  }

  test("an order for a problem not booked online gets no windows: 400", async () => {
    const answer = await post("schedule", scheduleBody(await createOrder(103), TODAY, "Monday", 103));
    assert.equal(answer.status, 400);
    assert.match(message(answer.json), /Problem 103 is not booked online/);
  });
});

describe("POST /v1/servman/schedule/confirm", () => {
  test("books the window: recorded with the notes, and no longer offered that day", async () => {
    const orderId = await createOrder(101);
    const { status, json } = await post("schedule/confirm", confirmBody(orderId, 7, 2, TUE_1000, "Tuesday"));
    assert.equal(status, 200, JSON.stringify(json));
    assert.deepEqual(v.parse(ServmanConfirmSchema, json), {
      confirmed: true,
      order_id: orderId,
      employee_id: 7,
      service_window_id: 2,
      service_window_desc: "10:00 AM - 12:00 PM",
      date: "2026-11-03",
    });
    const booking = (await store.findBooking("bugbusters-pest", orderId));
    assert.deepEqual(
      booking && [booking.date, booking.employeeId, booking.serviceWindowId, booking.datetimeTicks, booking.notes],
      ["2026-11-03", 7, 2, TUE_1000, "Gate code 1234"],
    );
    assert.deepEqual(await windows(await createOrder(101), "2026-11-03", "Tuesday"), [[7, 3, "1:00 PM - 3:00 PM"], [7, 4, "3:00 PM - 5:00 PM"]]);
  });

  test("the same confirmation again is answered as the first (a retry books nothing more, one booking webhook)", async () => {
    await db.outbox.replaceSettings([{ companyId: "bugbusters-pest", webhookUrls: ["http://localhost:9/hook"], webhookSecret: "whsec_test_0123456789abcdef", apiKey: null }]);
    const orderId = await createOrder(101);
    const first = await post("schedule/confirm", confirmBody(orderId, 7, 2, TUE_1000, "Tuesday"));
    const again = await post("schedule/confirm", confirmBody(orderId, 7, 2, TUE_1000, "Tuesday"));
    assert.deepEqual([first.status, again.status], [200, 200]);
    assert.deepEqual(again.json, first.json);
    // The booking's webhook is written with it, once.
    const events = await db.database.db.selectFrom("webhook_outbox").select(["event_type", "payload"]).execute();
    assert.deepEqual(events.map((event) => event.event_type), ["booking"]);
    const data = (JSON.parse(events[0]!.payload) as { data: Record<string, unknown> }).data;
    assert.deepEqual([data.orderId, data.date, data.employeeId, data.serviceWindow, data.clientId], [orderId, "2026-11-03", 7, "10:00 AM - 12:00 PM", CLIENT.client_id]);
  });

  test("a confirmed window is not changed: another window for the order is 409", async () => {
    const orderId = await createOrder(101);
    assert.equal((await post("schedule/confirm", confirmBody(orderId, 7, 2, TUE_1000, "Tuesday"))).status, 200);
    const change = await post("schedule/confirm", confirmBody(orderId, 7, 3, TUE_1300, "Tuesday"));
    assert.equal(change.status, 409);
    assert.match(message(change.json), /already has a time window/);
    assert.equal((await store.findBooking("bugbusters-pest", orderId))?.serviceWindowId, 2);
  });

  test("two visitors racing for one window: one is booked, the other gets 409", async () => {
    const [a, b] = [await createOrder(101), await createOrder(201)];
    const answers = await Promise.all([a, b].map((o) => post("schedule/confirm", confirmBody(o, 7, 2, TUE_1000, "Tuesday"))));
    assert.deepEqual(answers.map((x) => x.status).sort(), [200, 409]);
    const winners = (await Promise.all([a, b].map((o) => store.findBooking("bugbusters-pest", o)))).filter((booking) => booking !== undefined);
    assert.equal(winners.length, 1);
    assert.match(message(answers.find((x) => x.status === 409)!.json), /is already taken/);
  });

  const refused: Array<[string, (o: number) => unknown, number, RegExp]> = [
    ["a standing booking", (o) => confirmBody(o, 7, 1, TUE_0800, "Tuesday"), 409, /already taken/],
    ["a full route day", (o) => confirmBody(o, 7, 2, TUE_10TH_1000, "Tuesday"), 409, /already taken/],
    ["a technician who does not work that day", (o) => confirmBody(o, 8, 2, TUE_1000, "Tuesday"), 400, /technician 8 does not work window 2 on Tuesdays/],
    ["ticks that are not the window's start", (o) => confirmBody(o, 7, 2, TUE_0900, "Tuesday"), 400, /Invalid datetime: not the start of window 2/],
    ["ticks that are not a minute", (o) => confirmBody(o, 7, 2, "639292968000000001", "Tuesday"), 400, /Invalid datetime/],
    ["ticks as a number", (o) => ({ ...confirmBody(o, 7, 2, TUE_1000, "Tuesday"), datetime: 639292968000000000 }), 400, /^Invalid datetime/],
    ["the wrong weekday", (o) => confirmBody(o, 7, 2, TUE_1000, "Monday"), 400, /Invalid day: 2026-11-03 is a Tuesday/],
    ["a day in the past", (o) => confirmBody(o, 7, 1, "639291168000000000", "Sunday"), 400, /Invalid date: 2026-11-01/],
    ["an unknown window", (o) => confirmBody(o, 7, 9, TUE_1000, "Tuesday"), 400, /no window 9/],
    ["an unknown order", () => confirmBody(12345, 7, 2, TUE_1000, "Tuesday"), 404, /No order 12345/],
    ["no notes", (o) => ({ ...confirmBody(o, 7, 2, TUE_1000, "Tuesday"), notes: undefined }), 400, /^Invalid notes/],
  ];
  for (const [name, body, status, pattern] of refused) {
    test(`${name}: ${status}, nothing booked`, async () => {
      const orderId = await createOrder(101);
      const answer = await post("schedule/confirm", body(orderId));
      assert.equal(answer.status, status);
      assert.match(message(answer.json), pattern);
      assert.equal((await store.findBooking("bugbusters-pest", orderId)), undefined);
    });
  }

  test("an order for a problem not booked online cannot book a window: 400", async () => {
    const orderId = await createOrder(103);
    const answer = await post("schedule/confirm", confirmBody(orderId, 7, 2, TUE_1000, "Tuesday"));
    assert.equal(answer.status, 400);
    assert.equal((await store.findBooking("bugbusters-pest", orderId)), undefined);
  });

  test("the booked window is another visitor's 409, Monday's other technician still free", async () => {
    const [a, b] = [await createOrder(101), await createOrder(101)];
    assert.equal((await post("schedule/confirm", confirmBody(a, 7, 1, MON_0800, "Monday"))).status, 200);
    assert.equal((await post("schedule/confirm", confirmBody(b, 7, 1, MON_0800, "Monday"))).status, 409);
    assert.equal((await post("schedule/confirm", confirmBody(b, 8, 1, MON_0800, "Monday"))).status, 200);
  });
});

describe("GET /v1/servman/schedule/availability", () => {
  const SAT_0800 = "639296352000000000";
  const SAT_1000 = "639296424000000000";
  async function openDays(query: Record<string, string>): Promise<{ status: number; json: unknown }> {
    const response = await app.request(`/v1/servman/schedule/availability?${new URLSearchParams(query)}`);
    return { status: response.status, json: await response.json() };
  }
  const month = (m: string) => ({ ...COMPANY, branchId: "SM-BR1", month: m });

  test("this month from today: no Sundays, no route days (10th, 20th, 30th), nothing before today", async () => {
    const { status, json } = await openDays(month("2026-11"));
    assert.equal(status, 200, JSON.stringify(json));
    const days = [2, 3, 4, 5, 6, 7, 9, 11, 12, 13, 14, 16, 17, 18, 19, 21, 23, 24, 25, 26, 27, 28];
    assert.deepEqual(v.parse(ServmanAvailabilitySchema, json), { month: "2026-11", data: days.map((d) => `2026-11-${String(d).padStart(2, "0")}`) });
  });

  test("a year ahead: only the days up to one year from today", async () => {
    const { json } = await openDays(month("2027-11"));
    assert.deepEqual(v.parse(ServmanAvailabilitySchema, json).data, ["2027-11-01", "2027-11-02"]);
  });

  test("a day whose last windows are booked drops out; the answer follows the bookings", async () => {
    const [a, b] = [await createOrder(101), await createOrder(101)];
    assert.equal((await post("schedule/confirm", confirmBody(a, 8, 1, SAT_0800, "Saturday"))).status, 200);
    assert.ok(v.parse(ServmanAvailabilitySchema, (await openDays(month("2026-11"))).json).data.includes("2026-11-07"), "one window left");
    assert.equal((await post("schedule/confirm", confirmBody(b, 8, 2, SAT_1000, "Saturday"))).status, 200);
    const days = v.parse(ServmanAvailabilitySchema, (await openDays(month("2026-11"))).json).data;
    assert.deepEqual(days.slice(4, 7), ["2026-11-06", "2026-11-09", "2026-11-11"]);
  });

  const bad: Array<[string, Record<string, string>, number, RegExp]> = [
    ["a month 13", month("2026-13"), 400, /^Invalid month: must be a month YYYY-MM/],
    ["a month without its zero", month("2026-1"), 400, /^Invalid month/],
    ["a day instead of a month", month("2026-11-02"), 400, /^Invalid month/],
    ["no month", { ...COMPANY, branchId: "SM-BR1" }, 400, /^Invalid month/],
    ["last month", month("2026-10"), 400, /Invalid month: 2026-10 is not between 2026-11 and 2027-11/],
    ["thirteen months ahead", month("2027-12"), 400, /Invalid month: 2027-12 is not between/],
    ["no branch", { ...COMPANY, month: "2026-11" }, 400, /^Invalid branchId/],
    ["an unknown branch", { ...month("2026-11"), branchId: "SM-BR9" }, 400, /Invalid branchId: unknown branch "SM-BR9"/],
    ["a company not on ServMan", { ...month("2026-11"), companyId: "greenway-lawn", botId: "lawn" }, 400, /does not use ServMan/],
    ["an unknown company", { ...month("2026-11"), companyId: "acme" }, 404, /Unknown company "acme"/],
  ];
  for (const [name, query, status, pattern] of bad) {
    test(`${name}: ${status}`, async () => {
      const answer = await openDays(query);
      assert.equal(answer.status, status);
      assert.match(message(answer.json), pattern);
    });
  }
});
