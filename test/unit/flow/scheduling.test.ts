// The servman chapter's pure rules (src/flow/scheduling.ts), by table: the calendar's range
// (SPEC §5: today to one year ahead), slots de-duplicated by window description, the
// scheduling text's placeholders, company HTML as plain text, the office phone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { answersFromWire } from "../../../src/flow/answer-keys.ts";
import {
  addDays,
  addMonths,
  addYears,
  calendarRange,
  dedupeSlots,
  fillSchedulingVerbiage,
  formatLongDate,
  isIsoDate,
  isWithinCalendar,
  localIsoDate,
  plainText,
  readServmanList,
  weekdayOf,
} from "../../../src/flow/scheduling.ts";

describe("the calendar's range", () => {
  const ranges: Array<[string, string]> = [
    ["2026-11-02", "2027-11-02"],
    ["2028-02-29", "2029-02-28"],
    ["2027-02-28", "2028-02-28"],
    ["2026-12-31", "2027-12-31"],
  ];
  for (const [today, max] of ranges) {
    test(`from ${today} runs to ${max}`, () => assert.deepEqual(calendarRange(today), { min: today, max }));
  }

  const days: Array<[string, string, boolean]> = [
    ["2026-11-02", "2026-11-02", true],
    ["2026-11-02", "2026-11-03", true],
    ["2026-11-02", "2027-11-02", true],
    ["2026-11-02", "2027-11-03", false],
    ["2026-11-02", "2026-11-01", false],
    ["2026-11-02", "2025-12-25", false],
    ["2028-02-29", "2029-02-28", true],
    ["2028-02-29", "2029-03-01", false],
    ["2026-11-02", "2026-11-31", false],
    ["2026-11-02", "2026-13-01", false],
    ["2026-11-02", "2026-11-3", false],
    ["2026-11-02", "", false],
    ["2026-11-02", "2026-11-03T00:00", false],
    ["not a day", "2026-11-03", false],
  ];
  for (const [today, day, within] of days) {
    test(`on ${today}, '${day}' is ${within ? "" : "not "}offered`, () => assert.equal(isWithinCalendar(day, today), within));
  }
});

describe("calendar days", () => {
  const dates: Array<[string, boolean]> = [
    ["2026-11-03", true],
    ["2028-02-29", true],
    ["2027-02-29", false],
    ["2026-00-10", false],
    ["2026-04-31", false],
    ["0001-01-01", true],
    ["26-11-03", false],
  ];
  for (const [text, valid] of dates) test(`'${text}' is ${valid ? "" : "not "}a calendar date`, () => assert.equal(isIsoDate(text), valid));

  const arithmetic: Array<[string, (d: string) => string, string]> = [
    ["2026-12-31 + 1 day", (d) => addDays(d, 1), "2027-01-01"],
    ["2026-03-01 - 1 day", (d) => addDays(d, -1), "2026-02-28"],
    ["2026-01-31 + 1 month", (d) => addMonths(d, 1), "2026-02-28"],
    ["2026-03-31 - 1 month", (d) => addMonths(d, -1), "2026-02-28"],
    ["2026-12-15 + 1 month", (d) => addMonths(d, 1), "2027-01-15"],
    ["2028-02-29 + 4 years", (d) => addYears(d, 4), "2032-02-29"],
  ];
  for (const [name, fn, expected] of arithmetic) {
    test(name, () => assert.equal(fn(name.slice(0, 10)), expected));
  }

  const named: Array<[string, string, string]> = [
    ["2026-11-03", "Tuesday", "Tuesday, November 3, 2026"],
    ["2026-11-08", "Sunday", "Sunday, November 8, 2026"],
    ["2028-02-29", "Tuesday", "Tuesday, February 29, 2028"],
    ["2027-01-01", "Friday", "Friday, January 1, 2027"],
  ];
  for (const [iso, weekday, long] of named) {
    test(`${iso} is ${long}`, () => {
      assert.equal(weekdayOf(iso), weekday);
      assert.equal(formatLongDate(iso), long);
    });
  }

  const local: Array<[string, number, number, string]> = [
    ["half past ten at night in Austin (UTC-6), already the next day in UTC", Date.UTC(2026, 10, 3, 4, 30), 360, "2026-11-02"],
    ["morning in Zürich (UTC+1)", Date.UTC(2026, 10, 2, 23, 30), -60, "2026-11-03"],
    ["noon in London (UTC)", Date.UTC(2026, 10, 3, 12), 0, "2026-11-03"],
  ];
  for (const [name, ms, offset, day] of local) test(`the visitor's today: ${name}`, () => assert.equal(localIsoDate(ms, offset), day));
});

describe("time slots, one per window description", () => {
  const s = (desc: string, employee: number) => ({ service_window_desc: desc, employee_id: employee });
  const cases: Array<[string, ReturnType<typeof s>[], Array<[string, number]>]> = [
    ["no slots", [], []],
    ["distinct windows keep their order", [s("8-10", 1), s("10-12", 1)], [["8-10", 1], ["10-12", 1]]],
    ["the first technician of a window is kept", [s("8-10", 1), s("8-10", 2), s("10-12", 2)], [["8-10", 1], ["10-12", 2]]],
    ["case and spacing do not make another window", [s("8:00 AM - 10:00 AM", 1), s(" 8:00 am -  10:00 AM ", 2)], [["8:00 AM - 10:00 AM", 1]]],
    ["a blank description is no window", [s("  ", 1), s("1-3", 2)], [["1-3", 2]]],
    ["duplicates apart are still one", [s("8-10", 1), s("1-3", 1), s("8-10", 3)], [["8-10", 1], ["1-3", 1]]],
  ];
  for (const [name, slots, expected] of cases) {
    test(name, () => assert.deepEqual(dedupeSlots(slots).map((x) => [x.service_window_desc, x.employee_id]), expected));
  }

  test("the slot list in the answers offers each window once, and never a window named like 'another day'", () => {
    const list = [s("8-10", 1), s("8-10", 2), s("another-day", 3), { service_window_desc: 7 }];
    assert.deepEqual(readServmanList({ servmanSlots: list }, "slots"), [{ value: "8-10", label: "8-10" }]);
  });

  const lists: Array<[string, string | undefined, Array<{ value: string; label: string }>]> = [
    ["missing", undefined, []],
    ["not JSON", "{oops", []],
    ["not a list", '{"id":1}', []],
    ["ids and names", '[{"id":1,"name":"Ants"},{"id":"2","name":" Rodents "}]', [{ value: "1", label: "Ants" }, { value: "2", label: "Rodents" }]],
    ["entries without a name or id, and repeated ids, are dropped", '[{"id":1},{"name":"x"},{"id":3,"name":"Bees"},{"id":3,"name":"Wasps"},null]', [{ value: "3", label: "Bees" }]],
  ];
  for (const [name, raw, expected] of lists) {
    test(`categories in the answers, stored as text: ${name}`, () =>
      assert.deepEqual(readServmanList(raw === undefined ? {} : answersFromWire({ servmanCategories: raw }), "categories"), expected));
  }
});

describe("the scheduling text", () => {
  const slot = { date: "2026-11-03", window: "8:00 AM - 10:00 AM" };
  const texts: Array<[string | undefined, string]> = [
    [
      undefined,
      "Your appointment is confirmed for Tuesday, November 3, 2026, between 8:00 AM - 10:00 AM. Our technician will arrive during this window; please make sure an adult is home.",
    ],
    ["  ", "Your appointment is confirmed for Tuesday, November 3, 2026, between 8:00 AM - 10:00 AM. Our technician will arrive during this window; please make sure an adult is home."],
    ["See you {date}, {window}.", "See you Tuesday, November 3, 2026, 8:00 AM - 10:00 AM."],
    ["{{ date }} / {{Window}}", "Tuesday, November 3, 2026 / 8:00 AM - 10:00 AM"],
    ["No placeholders at all.", "No placeholders at all."],
    ["<p>On <b>{date}</b></p>", "On Tuesday, November 3, 2026"],
    ["{time} stays as written", "{time} stays as written"],
  ];
  for (const [template, expected] of texts) {
    test(`${JSON.stringify(template)} reads '${expected}'`, () => assert.equal(fillSchedulingVerbiage(template, slot), expected));
  }
});

describe("company content as plain text", () => {
  const cases: Array<[string, string]> = [
    ["Plain words stay.", "Plain words stay."],
    ["<p>Hello <strong>there</strong></p><p>Second</p>", "Hello there Second"],
    ["Line<br>break<br/>and<BR />more", "Line break and more"],
    ["Tom &amp; Jerry &lt;3 &quot;quoted&quot; &#39;single&#39; &#x1F41C;", "Tom & Jerry <3 \"quoted\" 'single' 🐜"],
    ['<img src=x onerror="alert(1)">Safe<script>alert(2)</script>', "Safe"],
    ["&lt;script&gt;alert(1)&lt;/script&gt;", "<script>alert(1)</script>"],
    ["Keep &unknown; and a < b", "Keep &unknown; and a < b"],
    ["<!-- note -->Visible", "Visible"],
    ["  spaced \n\n  out  ", "spaced out"],
  ];
  for (const [html, text] of cases) test(`${JSON.stringify(html)} → ${JSON.stringify(text)}`, () => assert.equal(plainText(html), text));
});
