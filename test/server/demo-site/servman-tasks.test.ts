// The widget's servman tasks (src/state/tasks.ts) against the reference backend over real
// HTTP with the widget's own API client: ids from the quote start, categories, a category
// without problems, a follow-up order, the 2 s scheduling pause before the calendar, a day's
// windows shown once each, a booking, and a second visitor told the window was taken.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";
import { HTTPError } from "ky";
import { fetchOpenDays } from "../../../src/api/servman-availability.ts";
import { addDays, addMonths, localIsoDate, weekdayOf } from "../../../src/flow/scheduling.ts";
import type { Answers } from "../../../src/flow/types.ts";
import type { Clock } from "../../../src/state/clock.ts";
import type { QuoteSession } from "../../../src/state/quote-session.ts";
import { runTask, type TaskDeps } from "../../../src/state/tasks.ts";
import { siteTaskDeps } from "./site-task-deps.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

/** A clock that notes every pause and does not wait; the day is the real one (the server's too). */
function notingClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, sleep: async (ms) => void slept.push(ms), now: () => Date.now(), every: () => () => {} };
}

/** What the tasks told the host page, in order. */
const emitted: Array<{ name: string; detail: unknown }> = [];

function deps(clock: Clock): TaskDeps {
  const setup = { baseUrl: site.urls.widget, companyId: "bugbusters-pest", botId: "pest", config: { crmSolution: "servman" as const, companyPhone: "5125550163" } };
  return siteTaskDeps(setup, { clock, session: {} as QuoteSession, emit: (name, detail) => void emitted.push({ name, detail }) }).taskDeps;
}

let phone = 5125558000;
/** A new visitor whose quote has started: the answers carry the ServMan ids. */
async function startedVisitor(clock: Clock): Promise<Answers> {
  const answers: Answers = {
    customerFirstName: "Carla",
    customerLastName: "Diaz",
    customerName: "Carla Diaz",
    phonenumber: String(phone++),
    customerEmail: "carla@example.com",
    customerAddress: "2201 South Lamar Boulevard",
    customerCity: "Austin",
    customerState: "TX",
    customerZip: "78704",
    customerCountryCode: "US",
  };
  const started = await runTask("startQuote", answers, deps(clock));
  assert.equal(started.value, "started");
  return { ...answers, ...started.values };
}

async function run(task: Parameters<typeof runTask>[0], answers: Answers, clock: Clock = notingClock()) {
  const outcome = await runTask(task, answers, deps(clock));
  return { outcome: outcome.value, answers: { ...answers, ...outcome.values } };
}

function list(items: readonly Readonly<Record<string, unknown>>[] | undefined) {
  assert.ok(items, "the task put its list in the answers");
  return items;
}

/** The next Monday that is not a full route day (the 10th, 20th, 30th): both technicians work. */
function nextFreeMonday(today: string): string {
  let day = addDays(today, 1);
  while (weekdayOf(day) !== "Monday" || ["10", "20", "30"].includes(day.slice(8))) day = addDays(day, 1);
  return day;
}

describe("the servman tasks against the reference backend", () => {
  test("the quote start gives the ids the ServMan calls need", async () => {
    const a = await startedVisitor(notingClock());
    assert.match(a.crmId ?? "", /^SM-\d+$/);
    assert.equal(a.contactId, `${a.crmId}-C1`);
    assert.equal(a.branchId, "SM-BR1");
  });

  test("categories, then a category without problems is none, and another's problems", async () => {
    const a = await startedVisitor(notingClock());
    const categories = await run("fetchServiceCategories", a);
    assert.equal(categories.outcome, "found");
    assert.deepEqual(list(categories.answers.servmanCategories).map((c) => c.name), ["Ants", "Rodents", "Stinging insects", "Termites", "My service agreement"]);
    const termites = await run("fetchServiceProblems", { ...categories.answers, servmanCategoryId: "4", serviceAgreement: "No" });
    assert.equal(termites.outcome, "none");
    const agreementOnly = await run("fetchServiceProblems", { ...categories.answers, servmanCategoryId: "5", serviceAgreement: "No" });
    assert.equal(agreementOnly.outcome, "none", "contractRelated is false without an agreement");
    const withAgreement = await run("fetchServiceProblems", { ...categories.answers, servmanCategoryId: "5", serviceAgreement: "Yes" });
    assert.equal(withAgreement.outcome, "found");
    const ants = await run("fetchServiceProblems", { ...categories.answers, servmanCategoryId: "1", serviceAgreement: "No" });
    assert.deepEqual(list(ants.answers.servmanProblems).map((p) => [p.id, p.allow_scheduling]), [[101, true], [102, true], [103, false]]);
  });

  test("a problem not booked online: the order is made and the outcome is follow-up, without a pause", async () => {
    const a = await startedVisitor(notingClock());
    const ants = await run("fetchServiceProblems", { ...a, servmanCategoryId: "1", serviceAgreement: "No" });
    const clock = notingClock();
    const order = await run("createServiceOrder", { ...ants.answers, servmanProblemId: "103", additionalInformation: "Sawdust by the porch" }, clock);
    assert.equal(order.outcome, "follow-up");
    assert.match(order.answers.servmanOrderId ?? "", /^\d+$/);
    assert.deepEqual(clock.slept, []);
  });

  test("a schedulable problem: order, the 2 s pause, windows once each, booked; a second visitor finds it taken", async () => {
    const a = await startedVisitor(notingClock());
    const ants = await run("fetchServiceProblems", { ...a, servmanCategoryId: "1", serviceAgreement: "No" });
    const clock = notingClock();
    const order = await run("createServiceOrder", { ...ants.answers, servmanProblemId: "101", additionalInformation: "Gate code 1234" }, clock);
    assert.equal(order.outcome, "schedulable");
    assert.deepEqual(clock.slept, [2000], "the scheduling pause");
    const today = order.answers.scheduleFrom ?? "";
    assert.match(today, /^\d{4}-\d{2}-\d{2}$/);

    const monday = nextFreeMonday(today);
    const day = await run("fetchTimeSlots", { ...order.answers, scheduleDate: monday });
    assert.equal(day.outcome, "found");
    const slots = list(day.answers.servmanSlots);
    assert.deepEqual(
      slots.map((s) => [s.service_window_desc, s.employee_id]),
      [["8:00 AM - 10:00 AM", 7], ["10:00 AM - 12:00 PM", 7], ["1:00 PM - 3:00 PM", 7], ["3:00 PM - 5:00 PM", 7]],
      "two technicians free at 8, 10 and 1 are one window each",
    );
    const chosen = { ...day.answers, scheduleSlot: "10:00 AM - 12:00 PM" };

    // A second visitor has the same day open, with the same first slot for 10-12.
    const b = await startedVisitor(notingClock());
    const bOrder = await run("createServiceOrder", { ...b, servmanProblems: ants.answers.servmanProblems!, servmanProblemId: "101" });
    const bDay = await run("fetchTimeSlots", { ...bOrder.answers, scheduleDate: monday });

    emitted.length = 0;
    assert.equal((await run("confirmTimeSlot", chosen)).outcome, "confirmed");
    assert.equal((await run("confirmTimeSlot", { ...bDay.answers, scheduleSlot: "10:00 AM - 12:00 PM" })).outcome, "taken");
    // The host page hears of the confirmed window only, not of the one taken.
    assert.deepEqual(emitted, [
      { name: "booking", detail: { quoteId: chosen.quoteId, orderId: chosen.servmanOrderId, date: monday, window: "10:00 AM - 12:00 PM" } },
    ]);
    // The remaining windows: 10-12 is still open with the other technician.
    const again = await run("fetchTimeSlots", bDay.answers);
    assert.deepEqual(list(again.answers.servmanSlots).map((s) => [s.service_window_desc, s.employee_id]), [
      ["8:00 AM - 10:00 AM", 7],
      ["10:00 AM - 12:00 PM", 8],
      ["1:00 PM - 3:00 PM", 7],
      ["3:00 PM - 5:00 PM", 7],
    ]);
    assert.equal((await run("confirmTimeSlot", { ...again.answers, scheduleSlot: "10:00 AM - 12:00 PM" })).outcome, "confirmed");
    // The first visitor's window cannot be changed once confirmed.
    assert.equal((await run("confirmTimeSlot", { ...chosen, scheduleSlot: "1:00 PM - 3:00 PM" })).outcome, "taken");
  });

  test("a Sunday has no windows", async () => {
    const a = await startedVisitor(notingClock());
    const ants = await run("fetchServiceProblems", { ...a, servmanCategoryId: "1", serviceAgreement: "No" });
    const order = await run("createServiceOrder", { ...ants.answers, servmanProblemId: "101" });
    let sunday = addDays(order.answers.scheduleFrom!, 1);
    while (weekdayOf(sunday) !== "Sunday") sunday = addDays(sunday, 1);
    const day = await run("fetchTimeSlots", { ...order.answers, scheduleDate: sunday });
    assert.equal(day.outcome, "none");
    assert.deepEqual(list(day.answers.servmanSlots), []);
  });

  const failures: Array<[Parameters<typeof runTask>[0], Answers]> = [
    ["fetchServiceCategories", { branchId: "SM-BR1" }],
    ["fetchServiceCategories", { crmId: "SM-1", branchId: "SM-BR9" }],
    ["fetchServiceProblems", { branchId: "SM-BR1", servmanCategoryId: "99" }],
    ["createServiceOrder", { crmId: "SM-1", contactId: "SM-1-C1", servmanProblemId: "101" }],
    ["fetchTimeSlots", { crmId: "SM-1", branchId: "SM-BR1", servmanOrderId: "1", servmanProblemId: "101", scheduleDate: "1999-01-01" }],
    ["confirmTimeSlot", { servmanOrderId: "1", scheduleSlot: "8:00 AM - 10:00 AM", servmanSlots: [] }],
  ];
  for (const [task, answers] of failures) {
    test(`${task} with ${Object.keys(answers).join(", ")} fails without throwing`, async () => {
      const original = console.error;
      console.error = () => {};
      try {
        assert.equal((await run(task, answers)).outcome, "failed");
      } finally {
        console.error = original;
      }
    });
  }
});

describe("the calendar's open days from the reference backend, with the widget's client", () => {
  const api = () => createApiClient({ baseUrl: site.urls.widget, preview: false, onboarding: false }).extend({ fetch: site.fetch });
  const query = (month: string) => ({ companyId: "bugbusters-pest", botId: "pest", branchId: "SM-BR1", month });

  test("this month from today: every day but Sundays and the full route days (10th, 20th, 30th)", async () => {
    const today = localIsoDate(Date.now(), new Date().getTimezoneOffset());
    const expected: string[] = [];
    for (let day = today; day.startsWith(today.slice(0, 7)); day = addDays(day, 1)) {
      if (weekdayOf(day) !== "Sunday" && !["10", "20", "30"].includes(day.slice(8))) expected.push(day);
    }
    assert.deepEqual(await fetchOpenDays(api(), query(today.slice(0, 7))), expected);
  });

  test("a month before today's is refused (400): the calendar then leaves every day open", async () => {
    const lastMonth = addMonths(localIsoDate(Date.now(), new Date().getTimezoneOffset()), -1).slice(0, 7);
    await assert.rejects(fetchOpenDays(api(), query(lastMonth)), (error) => error instanceof HTTPError && error.response.status === 400);
  });
});
