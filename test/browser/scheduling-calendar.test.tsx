// The ServMan calendar in real Chromium (issue 16): the month's days without a free window are
// crossed out and named so before any click, once the backend's answer arrives. While it
// loads every day can be chosen; a failed load leaves every day open, as before.
import { sendKeys } from "@web/test-runner-commands";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { SchedulingCalendar, type CalendarProps } from "../../src/ui/scheduling/calendar.tsx";
import { SCHEDULING_CSS } from "../../src/ui/scheduling/scheduling-css.ts";
import { adoptLateStyles } from "../../src/ui/styles.ts";
import { assert, assertEqual, seriousAxeViolations, waitFor } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

const INPUT: CalendarProps["input"] = { kind: "calendar", label: "Choose a day for your visit", min: "2026-11-24", max: "2027-11-24" };
/** November from the 24th: the 29th (a Sunday) and the 30th have no window. */
const NOVEMBER = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function mountCalendar(openDays: CalendarProps["openDays"]) {
  const { host, shadow, container } = widgetRoot();
  // As the scheduling chunk's CSS is adopted when it arrives (src/lazy/use-lazy-chunk.ts).
  adoptLateStyles(shadow, SCHEDULING_CSS);
  const answers: string[] = [];
  const root = createRoot(container);
  flushSync(() => root.render(<SchedulingCalendar input={INPUT} openDays={openDays} onAnswer={(day) => (answers.push(day), true)} />));
  unmount = () => {
    root.unmount();
    host.remove();
  };
  const day = (iso: string) => shadow.querySelector<HTMLButtonElement>(`button[data-date="${iso}"]`)!;
  return { host, shadow, answers, day };
}

describe("the scheduling calendar's days without windows", () => {
  it("are crossed out, named 'no times available' and cannot be chosen once the month's answer is in", async () => {
    const asked: string[] = [];
    const { host, shadow, answers, day } = mountCalendar(async (month) => {
      asked.push(month);
      return month === "2026-11" ? NOVEMBER : [];
    });
    await waitFor(() => day("2026-11-29").getAttribute("aria-disabled") === "true", "the 29th marked");
    assertEqual(day("2026-11-29").getAttribute("aria-label"), "Sunday, November 29, 2026, no times available");
    assertEqual(day("2026-11-30").getAttribute("aria-label"), "Monday, November 30, 2026, no times available");
    assertEqual(getComputedStyle(day("2026-11-30")).textDecorationLine, "line-through");
    assertEqual(day("2026-11-28").getAttribute("aria-label"), "Saturday, November 28, 2026");
    assertEqual(day("2026-11-28").hasAttribute("aria-disabled"), false);
    assertEqual(day("2026-11-23").getAttribute("aria-label"), "Monday, November 23, 2026, not available");
    assertEqual(asked, ["2026-11"]);

    day("2026-11-29").click();
    assertEqual(answers, [], "a day without windows is not an answer");
    // The keyboard still walks over them (no trap) and Enter on one does nothing.
    day("2026-11-28").focus();
    await sendKeys({ press: "ArrowRight" });
    assertEqual(shadow.activeElement?.getAttribute("data-date"), "2026-11-29");
    await sendKeys({ press: "Enter" });
    await sendKeys({ press: "ArrowRight" });
    assertEqual(shadow.activeElement?.getAttribute("data-date"), "2026-11-30");
    await sendKeys({ press: "ArrowLeft" });
    await sendKeys({ press: "ArrowLeft" });
    await sendKeys({ press: "Enter" });
    assertEqual(answers, ["2026-11-28"]);
    assertEqual(await seriousAxeViolations(host), []);
  });

  it("asks for each month shown, once", async () => {
    const asked: string[] = [];
    const { shadow, day } = mountCalendar(async (month) => {
      asked.push(month);
      return [];
    });
    await waitFor(() => day("2026-11-24").getAttribute("aria-disabled") === "true", "November answered");
    const next = shadow.querySelector<HTMLButtonElement>('button[aria-label="Next month"]')!;
    next.click();
    await waitFor(() => day("2026-12-24")?.getAttribute("aria-label") === "Thursday, December 24, 2026, no times available", "December answered");
    shadow.querySelector<HTMLButtonElement>('button[aria-label="Previous month"]')!.click();
    await waitFor(() => day("2026-11-24"), "November again");
    assertEqual(asked, ["2026-11", "2026-12"]);
  });

  it("while the month loads, every day in range can be chosen", async () => {
    const { answers, day } = mountCalendar(() => new Promise(() => {}));
    assertEqual(day("2026-11-29").hasAttribute("aria-disabled"), false);
    day("2026-11-29").click();
    assertEqual(answers, ["2026-11-29"]);
  });

  it("a failed load leaves every day open, as before", async () => {
    let failure: Promise<string[]> | undefined;
    const { answers, day } = mountCalendar(() => (failure = Promise.reject(new Error("HTTP 503"))));
    await waitFor(() => failure !== undefined, "the month asked for");
    // The calendar's own handler was attached to the failure first: once it has settled for the
    // test too, the calendar has had its say.
    await failure!.catch(() => {});
    assertEqual(day("2026-11-30").getAttribute("aria-label"), "Monday, November 30, 2026");
    day("2026-11-30").click();
    assertEqual(answers, ["2026-11-30"]);
    assert(day("2026-11-23").getAttribute("aria-disabled") === "true", "days before today still cannot be chosen");
  });
});
