// The quote modal's controls call back with the right arguments, by pointer and by keyboard:
// the plan radios (click, arrows, Space), the service switches (click, Space, Enter), Add,
// think-about-it, the buy button, the close button and Escape.
import "../../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import type { Term } from "../../../../src/pricing/types.ts";
import type { ProposalModalProps } from "../../../../src/ui/proposal/proposal-modal.tsx";
import { AERATION_SELECTED, FERTILIZER, modalProps, pricedQuote, proposalModal, type Calls } from "./proposal-fixtures.ts";
import { activeIn, allByRole, byRole, click, nameOf, press, render, type Rendered } from "./render.ts";

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

const onTerm = (term: Term) => pricedQuote({ totals: { ...pricedQuote().totals, term } });

describe("the plan switch", () => {
  test("a click on the other plan asks for its term; a click on the checked one asks nothing", async () => {
    const { shadow, calls } = await show();
    await click(byRole(shadow, "radio", "PRE-PAY & SAVE $13.19"));
    await click(byRole(shadow, "radio", "AUTOPAY"));
    assert.deepEqual(calls, [["term", "total"]]);
  });

  const keyCases: Array<{ from: Term; key: string; to: Term | null; focus: string }> = [
    { from: "application", key: "ArrowRight", to: "total", focus: "PRE-PAY & SAVE $13.19" },
    { from: "application", key: "ArrowDown", to: "total", focus: "PRE-PAY & SAVE $13.19" },
    { from: "application", key: "ArrowLeft", to: "total", focus: "PRE-PAY & SAVE $13.19" },
    { from: "application", key: "End", to: "total", focus: "PRE-PAY & SAVE $13.19" },
    { from: "application", key: "Home", to: null, focus: "AUTOPAY" },
    { from: "application", key: " ", to: null, focus: "AUTOPAY" },
    { from: "total", key: "ArrowLeft", to: "application", focus: "AUTOPAY" },
    { from: "total", key: "ArrowUp", to: "application", focus: "AUTOPAY" },
    { from: "total", key: "ArrowRight", to: "application", focus: "AUTOPAY" },
    { from: "total", key: "Home", to: "application", focus: "AUTOPAY" },
    { from: "total", key: "End", to: null, focus: "PRE-PAY & SAVE $13.19" },
  ];
  for (const { from, key, to, focus } of keyCases) {
    test(`${JSON.stringify(key)} on the checked ${from} option ${to ? `selects ${to}` : "changes nothing"} and focuses ${focus}`, async () => {
      const { shadow, calls } = await show({ quote: onTerm(from) });
      const checked = allByRole(shadow, "radio").find((r) => r.getAttribute("aria-checked") === "true")!;
      checked.focus();
      await press(checked, key);
      assert.deepEqual(calls, to ? [["term", to]] : []);
      assert.equal(nameOf(activeIn(shadow)!), focus);
    });
  }

  test("Space on the focused unchecked option selects it", async () => {
    const { shadow, calls } = await show();
    const prepay = byRole(shadow, "radio", "PRE-PAY & SAVE $13.19");
    prepay.focus();
    await press(prepay, " ");
    assert.deepEqual(calls, [["term", "total"]]);
  });

  test("Tab is left to the browser: it leaves the group", async () => {
    const { shadow, calls } = await show();
    const radio = byRole(shadow, "radio", "AUTOPAY");
    radio.focus();
    await press(radio, "Tab");
    assert.deepEqual(calls, []);
  });
});

describe("the service switches", () => {
  const toggles: Array<[string, (el: HTMLElement) => Promise<void>]> = [
    ["a click", click],
    ["Space", (el) => press(el, " ")],
    ["Enter", (el) => press(el, "Enter")],
  ];
  for (const [how, act] of toggles) {
    test(`${how} on a selected service's switch drops it; on an unselected one selects it`, async () => {
      const off = { ...AERATION_SELECTED, block: { ...AERATION_SELECTED.block, selected: false } };
      const { shadow, calls } = await show({ quote: pricedQuote({ services: [FERTILIZER, off] }) });
      await act(byRole(shadow, "switch", "Fertilizer & Weed Control"));
      await act(byRole(shadow, "switch", "Core Aeration"));
      assert.deepEqual(calls, [
        ["toggle", "fert", false],
        ["toggle", "aer-sel", true],
      ]);
    });
  }

  test("a held key toggles once, and other keys do nothing", async () => {
    const { shadow, calls } = await show();
    const toggle = byRole(shadow, "switch", "Fertilizer & Weed Control");
    await press(toggle, " ", { repeat: true });
    await press(toggle, "a");
    await press(toggle, "ArrowRight");
    assert.deepEqual(calls, []);
  });

  test("the key's default action is prevented, so the browser's own click cannot toggle a second time", async () => {
    const { shadow } = await show();
    const toggle = byRole(shadow, "switch", "Core Aeration");
    for (const key of [" ", "Enter"]) {
      const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
      const { act } = await import("react");
      await act(async () => {
        toggle.dispatchEvent(event);
      });
      assert.equal(event.defaultPrevented, true, key);
    }
  });
});

describe("buttons", () => {
  test("Add on an add-on selects that service", async () => {
    const { shadow, calls } = await show();
    await click(byRole(shadow, "button", "Add Overseeding"));
    await click(byRole(shadow, "button", "Add Grub Prevention"));
    assert.deepEqual(calls, [
      ["toggle", "seed", true],
      ["toggle", "grub", true],
    ]);
  });

  test("'I NEED TO THINK ABOUT IT' calls onThinkAboutIt", async () => {
    const { shadow, calls } = await show();
    await click(byRole(shadow, "button", "I NEED TO THINK ABOUT IT"));
    assert.deepEqual(calls, [["think"]]);
  });

  for (const bypassPayment of [false, true]) {
    const name = bypassPayment ? "⚡ BUY NOW" : "Sign Up";
    test(`'${name}' calls onSignUp, and not while busy`, async () => {
      const { shadow, calls } = await show({ bypassPayment });
      await click(byRole(shadow, "button", name));
      assert.deepEqual(calls, [["signUp"]]);
      await view!.rerender(proposalModal(modalProps(calls, { bypassPayment, busy: true })));
      await click(byRole(shadow, "button", name));
      assert.deepEqual(calls, [["signUp"]]);
    });
  }

  test("the close button calls onClose", async () => {
    const { shadow, calls } = await show();
    await click(byRole(shadow, "button", "Close"));
    assert.deepEqual(calls, [["close"]]);
  });

  test("Escape anywhere in the modal calls onClose", async () => {
    const { shadow, calls } = await show();
    await press(byRole(shadow, "switch", "Core Aeration"), "Escape");
    await press(byRole(shadow, "radio", "AUTOPAY"), "Escape");
    assert.deepEqual(calls, [["close"], ["close"]]);
  });
});
