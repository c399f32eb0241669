import "../../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import { act, createElement as h } from "react";
import { pendingInputAtom } from "../../../../src/state/atoms.ts";
import type { WidgetController } from "../../../../src/state/widget-controller.ts";
import { AnswerInput } from "../../../../src/ui/inputs/answer-input.tsx";
import { ErrorBoundary } from "../../../../src/ui/chat/error-boundary.tsx";
import { Unavailable } from "../../../../src/ui/chat/unavailable.tsx";
import { render, text } from "../proposal/render.ts";
import { captureConsoleErrors } from "../../console-capture.ts";

const errors = captureConsoleErrors();

describe("the chat's error state", () => {
  test("an answer the flow cannot take ends in the error state, not in an error thrown into the page's click", async () => {
    const store = createStore();
    store.set(pendingInputAtom, { stepId: "start", input: { kind: "buttons", options: [{ value: "start", label: "Let's Get Started" }] } });
    const controller = {
      // The element: the calendar's stylesheet would be adopted into its shadow root.
      host: document.createElement("div"),
      conversation: {
        answer: () => {
          throw new Error("no transition holds after start");
        },
      },
    } as unknown as WidgetController;
    const view = await render(
      h(
        Provider,
        { store },
        h(ErrorBoundary, {
          area: "chat",
          fallback: (retry: () => void) => h(Unavailable, { phone: "6145550100", onRetry: retry }),
          children: h(AnswerInput, { controller }),
        }),
      ),
    );
    const button = Array.from(view.shadow.querySelectorAll("button")).find((b) => text(b) === "Let's Get Started")!;
    await act(async () => button.click());
    const alert = view.shadow.querySelector(".qa-error[role=alert]");
    assert.ok(alert, "the error state");
    assert.equal(text(alert.querySelector(".qa-error-title")), "Sorry, instant quotes are unavailable right now.");
    assert.equal(alert.querySelector("a")?.getAttribute("href"), "tel:+16145550100");
    assert.ok(errors.lines.some((line) => line.startsWith("[quote-assistant] the chat failed to render")));
    await view.unmount();
  });

  test("without a known phone there is no call link, only 'Try again'", async () => {
    let retried = 0;
    const view = await render(h(Unavailable, { onRetry: () => retried++ }));
    assert.equal(view.shadow.querySelector("a"), null);
    const retry = view.shadow.querySelector("button")!;
    assert.equal(text(retry), "Try again");
    await act(async () => retry.click());
    assert.equal(retried, 1);
    await view.unmount();
  });
});
