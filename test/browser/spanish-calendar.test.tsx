// The scheduling calendar in real Chromium, in the visitor's language (issue 13 §3): the month,
// the weekdays, each day's accessible name and the navigation in Spanish written by Chromium's
// Intl, and the same view in English when no other language is loaded.
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { CompanyConfig } from "../../src/config/company-config.ts";
import { pack as es } from "../../src/i18n/es/index.ts";
import { configStatusAtom, languageAtom } from "../../src/state/atoms.ts";
import { SchedulingCalendar } from "../../src/ui/scheduling/calendar.tsx";
import { assertEqual } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function mountCalendar(spanish: boolean, currency = "USD"): ShadowRoot {
  const { host, shadow, container } = widgetRoot();
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: { currency } as CompanyConfig });
  if (spanish) store.set(languageAtom, es);
  const root = createRoot(container);
  const input = { kind: "calendar" as const, label: spanish ? "Elija un día para su visita" : "Choose a day for your visit", min: "2026-11-03", max: "2027-11-03" };
  flushSync(() =>
    root.render(
      <Provider store={store}>
        <SchedulingCalendar input={input} onAnswer={() => true} />
      </Provider>,
    ),
  );
  unmount = () => {
    root.unmount();
    host.remove();
  };
  return shadow;
}

const texts = (shadow: ShadowRoot, selector: string) => [...shadow.querySelectorAll(selector)].map((el) => el.textContent ?? "");
const labels = (shadow: ShadowRoot, selector: string) => [...shadow.querySelectorAll(selector)].map((el) => el.getAttribute("aria-label") ?? el.getAttribute("abbr") ?? "");

describe("the scheduling calendar in the visitor's language", () => {
  it("Spanish: the month, the weekdays, the days' names and the navigation", () => {
    const shadow = mountCalendar(true);
    assertEqual(shadow.querySelector(".qa-calendar-month")?.textContent, "noviembre de 2026");
    assertEqual(texts(shadow, "th").join(" "), "do lu ma mi ju vi sá");
    assertEqual(labels(shadow, "th")[0], "domingo");
    assertEqual(labels(shadow, ".qa-calendar-nav").join(" | "), "Mes anterior | Mes siguiente");
    assertEqual(shadow.querySelector('button[data-date="2026-11-03"]')?.getAttribute("aria-label"), "martes, 3 de noviembre de 2026");
    assertEqual(shadow.querySelector('button[data-date="2026-11-02"]')?.getAttribute("aria-label"), "lunes, 2 de noviembre de 2026, no disponible");
    assertEqual(shadow.querySelector(".qa-visually-hidden")?.textContent?.startsWith("Las flechas"), true);
  });

  it("English when no other language is loaded: the spec's own formats", () => {
    const shadow = mountCalendar(false);
    assertEqual(shadow.querySelector(".qa-calendar-month")?.textContent, "November 2026");
    assertEqual(texts(shadow, "th").join(" "), "Su Mo Tu We Th Fr Sa");
    assertEqual(labels(shadow, ".qa-calendar-nav").join(" | "), "Previous month | Next month");
    assertEqual(shadow.querySelector('button[data-date="2026-11-02"]')?.getAttribute("aria-label"), "Monday, November 2, 2026, not available");
  });
});
