// When the widget cannot start (the configuration request fails, answers garbage or the wrong
// shape), the visitor gets the error state, never 'Loading…' for ever: the company's number as
// a call link when it is known, and 'Try again'. The reason is in the console; the page sees
// no uncaught error or unhandled rejection.
import { assert, assertEqual, cleanup, loadBundle, mount, root, seriousAxeViolations, waitFor } from "./helpers.ts";

afterEach(() => cleanup());

interface Watched {
  logged: string[];
  pageErrors: string[];
  stop(): void;
}

/** Console errors, and anything that reached the page as an uncaught error or rejection. */
function watchPage(): Watched {
  const logged: string[] = [];
  const pageErrors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(" "));
  const onError = (event: ErrorEvent) => pageErrors.push(`error: ${event.message}`);
  const onRejection = (event: PromiseRejectionEvent) => pageErrors.push(`unhandled rejection: ${String(event.reason)}`);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return {
    logged,
    pageErrors,
    stop() {
      console.error = original;
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    },
  };
}

const errorState = (el: HTMLElement) => root(el).querySelector<HTMLElement>(".qa-error[role=alert]");
const tryAgain = (el: HTMLElement) =>
  Array.from(root(el).querySelectorAll<HTMLButtonElement>(".qa-error button")).find((b) => b.textContent === "Try again");
const callLink = (el: HTMLElement) => root(el).querySelector<HTMLAnchorElement>(".qa-error a[href^='tel:']");

describe("the widget cannot start", () => {
  const cases: Array<{ company: string; what: string; reason: RegExp; phone: string | null }> = [
    { company: "down-co", what: "the configuration request fails (500, after the retries)", reason: /HTTP 500/, phone: null },
    { company: "garbage-co", what: "the answer is an HTML page, not JSON", reason: /configuration request failed: SyntaxError/, phone: null },
    { company: "shape-co", what: "the answer has the wrong shape but says the company's phone", reason: /configuration is invalid/, phone: "tel:+16145550100" },
  ];
  for (const { company, what, reason, phone } of cases) {
    it(`${what}: the error state with 'Try again'${phone ? " and the call link" : ""}, the reason logged, no page error`, async () => {
      await loadBundle();
      const watched = watchPage();
      try {
        const el = mount({ company, bot: "b1", open: "" });
        const alert = await waitFor(() => errorState(el), "the error state", 15_000);
        assertEqual(alert.querySelector(".qa-error-title")?.textContent, "Sorry, instant quotes are unavailable right now.");
        assert(!root(el).querySelector(".qa-loading"), "no 'Loading…' left");
        assert(tryAgain(el), "a 'Try again' button");
        assertEqual(callLink(el)?.getAttribute("href") ?? null, phone, "the call link when the phone is known");
        if (phone) assertEqual(callLink(el)?.textContent, "Call (614) 555-0100");
        const line = await waitFor(() => watched.logged.find((l) => l.startsWith("[quote-assistant]") && l.includes(company)), "the reason in the console");
        assert(reason.test(line), `the console says why: ${line}`);
        assertEqual(await seriousAxeViolations(el), [], "no serious or critical axe violations in the error state");
        tryAgain(el)!.click();
        await waitFor(() => errorState(el), "the error state again after a failed retry", 15_000);
        // A grace for a late page error (an unhandled rejection is reported in a task of its own):
        // no event says that none is coming, so this one wait stays.
        await new Promise((r) => setTimeout(r, 50));
        assertEqual(watched.pageErrors, [], "nothing reached the page");
      } finally {
        watched.stop();
      }
    });
  }

  it("'Try again' loads the configuration again: once it answers, the conversation starts", async () => {
    await loadBundle();
    const watched = watchPage();
    try {
      const el = mount({ company: "flaky-co", bot: "b1", open: "" });
      await waitFor(() => errorState(el), "the error state", 15_000);
      tryAgain(el)!.click();
      await waitFor(() => root(el).querySelector(".qa-choices button"), "the conversation's first answer buttons", 15_000);
      assert(!errorState(el), "the error state is gone");
      assertEqual(watched.pageErrors, [], "nothing reached the page");
    } finally {
      watched.stop();
    }
  });
});
