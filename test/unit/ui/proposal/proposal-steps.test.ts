// The two steps below 992 px (a stepper, one step at a time, Checkout and Back) and focus:
// it starts in the modal, follows the step, wraps at both ends and goes back on close.
import "../../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import type { ProposalModalProps } from "../../../../src/ui/proposal/proposal-modal.tsx";
import { modalProps, proposalModal, type Calls } from "./proposal-fixtures.ts";
import { activeIn, byRole, click, nameOf, press, render, text, type Rendered } from "./render.ts";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function show(overrides: Partial<ProposalModalProps> = {}) {
  const calls: Calls = [];
  view = await render(proposalModal(modalProps(calls, overrides)));
  return { shadow: view.shadow, calls };
}

/** A step's label as announced (its number is decoration). */
function stepLabel(li: Element): string {
  const copy = li.cloneNode(true) as Element;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((el) => el.remove());
  return text(copy);
}

/** Which step the stepper marks current, and which pane is the one shown. */
function stepState(shadow: ShadowRoot) {
  const steps = Array.from(shadow.querySelectorAll(".qa-stepper li"));
  return {
    current: steps.filter((li) => li.getAttribute("aria-current") === "step").map(stepLabel),
    panes: Array.from(shadow.querySelectorAll(".qa-pane-current")).map(nameOf),
  };
}

const tabbable = (shadow: ShadowRoot) =>
  Array.from(shadow.querySelectorAll<HTMLElement>("button:not([disabled]), [tabindex]")).filter(
    (el) => el.tabIndex >= 0 && !el.classList.contains("qa-focus-sentinel"),
  );

describe("the stepper", () => {
  test("names both steps and starts on PROPOSAL", async () => {
    const { shadow } = await show();
    const stepper = shadow.querySelector("ol.qa-stepper")!;
    assert.deepEqual(Array.from(stepper.querySelectorAll("li")).map(stepLabel), ["Proposal", "Checkout"]);
    assert.deepEqual(stepState(shadow), { current: ["Proposal"], panes: ["Proposal"] });
  });

  test("'Checkout' goes to CHECKOUT and moves focus to its heading; Back returns to PROPOSAL and its Checkout button", async () => {
    const { shadow, calls } = await show();
    await click(byRole(shadow, "button", "Checkout"));
    assert.deepEqual(stepState(shadow), { current: ["Checkout"], panes: ["Checkout"] });
    assert.equal(activeIn(shadow), byRole(shadow, "heading", "Checkout"));

    await click(byRole(shadow, "button", "Back"));
    assert.deepEqual(stepState(shadow), { current: ["Proposal"], panes: ["Proposal"] });
    assert.equal(activeIn(shadow), byRole(shadow, "button", "Checkout"));
    assert.deepEqual(calls, [], "moving between steps calls nothing outside");
  });

  test("can open on the CHECKOUT step", async () => {
    const { shadow } = await show({ initialStep: 1 });
    assert.deepEqual(stepState(shadow), { current: ["Checkout"], panes: ["Checkout"] });
    assert.equal(nameOf(activeIn(shadow)!), "Close", "focus starts on the close button, not the step");
  });

  test("the step survives new prices", async () => {
    const { shadow } = await show();
    await click(byRole(shadow, "button", "Checkout"));
    await view!.rerender(proposalModal(modalProps([], { busy: true })));
    assert.deepEqual(stepState(shadow), { current: ["Checkout"], panes: ["Checkout"] });
  });

  test("the footer by the Checkout button shows the amount due today, unless the summary is hidden", async () => {
    const { shadow } = await show();
    assert.equal(text(shadow.querySelector(".qa-pane-footer .qa-footer-total")), "GET STARTED TODAY $145.22");
    await view!.unmount();
    const hidden = await show({ hideSummary: true });
    assert.equal(hidden.shadow.querySelector(".qa-footer-total"), null);
    byRole(hidden.shadow.querySelector(".qa-pane-footer")!, "button", "Checkout");
  });
});

describe("focus", () => {
  test("moves into the modal, onto the close button, when it opens", async () => {
    const { shadow } = await show();
    assert.equal(nameOf(activeIn(shadow)!), "Close");
  });

  test("Tab on the last control wraps to the close button; Shift+Tab on the close button wraps to the last control", async () => {
    const { shadow } = await show();
    const order = tabbable(shadow);
    const last = order.at(-1)!;
    assert.equal(nameOf(last), "Sign Up", "the buy button ends the tab order");
    last.focus();
    await press(last, "Tab");
    assert.equal(nameOf(activeIn(shadow)!), "Close");
    await press(activeIn(shadow)!, "Tab", { shiftKey: true });
    assert.equal(activeIn(shadow), last);
  });

  test("Tab in the middle is left to the browser", async () => {
    const { shadow } = await show();
    const middle = byRole(shadow, "switch", "Core Aeration");
    middle.focus();
    const event = new KeyboardEvent("keydown", { key: "Tab", bubbles: true, cancelable: true });
    middle.dispatchEvent(event);
    assert.equal(event.defaultPrevented, false);
  });

  test("returns to where it was when the modal closes", async () => {
    const opener = document.createElement("button");
    opener.textContent = "Open quote";
    document.body.append(opener);
    opener.focus();
    const { shadow } = await show();
    assert.equal(nameOf(activeIn(shadow)!), "Close");
    await view!.unmount();
    view = undefined;
    assert.equal(document.activeElement, opener);
    opener.remove();
  });
});
