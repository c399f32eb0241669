// A render error inside the chat, in real Chromium: the error boundary shows the widget's
// error state (the call link, 'Try again') in the shadow root with the widget's styles, logs
// the reason, lets nothing reach the page, and 'Try again' renders the chat again.
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "../../src/ui/chat/error-boundary.tsx";
import { Unavailable } from "../../src/ui/chat/unavailable.tsx";
import { assert, assertEqual, seriousAxeViolations, waitFor } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

/** A part of the chat that breaks while `broken.now` is true (as a view meeting data it cannot show). */
const broken = { now: true };
function FlakyView() {
  if (broken.now) throw new TypeError("Cannot read properties of undefined (reading 'text')");
  return <p className="qa-msg">Hello again</p>;
}

describe("a part of the chat throws while rendering", () => {
  it("shows the error state with the call link and 'Try again', logs why, and nothing reaches the page", async () => {
    const { host, shadow, container } = widgetRoot();
    container.classList.add("qa-inline");

    const logged: string[] = [];
    const pageErrors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args.map(String).join(" "));
    const onError = (event: ErrorEvent) => pageErrors.push(event.message);
    const onRejection = (event: PromiseRejectionEvent) => pageErrors.push(String(event.reason));
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    const root = createRoot(container);
    try {
      broken.now = true;
      flushSync(() =>
        root.render(
          <ErrorBoundary area="chat" fallback={(retry) => <Unavailable phone="614-555-0100" onRetry={retry} />}>
            <FlakyView />
          </ErrorBoundary>,
        ),
      );
      const alert = await waitFor(() => shadow.querySelector<HTMLElement>(".qa-error[role=alert]"), "the error state");
      assertEqual(alert.querySelector(".qa-error-title")?.textContent, "Sorry, instant quotes are unavailable right now.");
      const call = alert.querySelector<HTMLAnchorElement>("a[href]");
      assertEqual(call?.getAttribute("href"), "tel:+16145550100");
      assertEqual(call?.textContent, "Call (614) 555-0100");
      assert(logged.some((line) => line.startsWith("[quote-assistant] the chat failed to render")), "the reason in the console");
      assertEqual(await seriousAxeViolations(host), [], "no serious or critical axe violations");
      // Thumb-sized controls, styled by the adopted stylesheet (no inline styles).
      for (const control of alert.querySelectorAll<HTMLElement>("a, button")) {
        assert(control.getBoundingClientRect().height >= 44, `${control.textContent} is at least 44 px tall`);
        assert(!control.hasAttribute("style"), "no inline style");
      }

      broken.now = false;
      const retry = Array.from(alert.querySelectorAll("button")).find((b) => b.textContent === "Try again");
      assert(retry, "a 'Try again' button");
      retry.click();
      await waitFor(() => shadow.querySelector(".qa-msg")?.textContent === "Hello again", "the chat rendered again");
      assert(!shadow.querySelector(".qa-error"), "the error state is gone");
      // A grace for a late page error (an unhandled rejection is reported in a task of its own):
      // no event says that none is coming, so this one wait stays.
      await new Promise((r) => setTimeout(r, 50));
      assertEqual(pageErrors, [], "no uncaught error or unhandled rejection on the page");
    } finally {
      root.unmount();
      host.remove();
      console.error = original;
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    }
  });
});
