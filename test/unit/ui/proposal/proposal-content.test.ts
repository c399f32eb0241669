// What the quote modal shows from a priced quote, and what it leaves out (SPEC §2 'Proposal
// page', §4 plan switch, §9 summary rows).
import "../../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import type { ProposalModalProps } from "../../../../src/ui/proposal/proposal-modal.tsx";
import {
  ADD_ON_GRUB,
  ADD_ON_SEED,
  AERATION_SELECTED,
  FERTILIZER,
  SUMMARY,
  modalProps,
  pricedQuote,
  proposalModal,
  type Calls,
} from "./proposal-fixtures.ts";
import { allByRole, byRole, nameOf, render, text, type Rendered } from "./render.ts";

/** A price line as read: amount, what it is, then its offers. */
const priceLine = (line: Element) => Array.from(line.querySelectorAll(".qa-amount, .qa-price-caption, .qa-discount")).map(text).join(" ");

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

async function show(overrides: Partial<ProposalModalProps> = {}) {
  const calls: Calls = [];
  view = await render(proposalModal(modalProps(calls, overrides)));
  return view.shadow;
}

const proposalPane = (shadow: ShadowRoot) => byRole(shadow, "region", "Proposal");
const checkoutPane = (shadow: ShadowRoot) => byRole(shadow, "region", "Checkout");

describe("the quote modal's content", () => {
  test("is a modal dialog named after the company's quote", async () => {
    const shadow = await show();
    const dialog = byRole(shadow, "dialog");
    assert.equal(dialog.getAttribute("aria-modal"), "true");
    assert.equal(nameOf(dialog), "Your quote from Greenway Lawn");
  });

  test("the header shows the customer, the address, the home's picture and the size estimate", async () => {
    const shadow = await show();
    const head = proposalPane(shadow).querySelector(".qa-proposal-head")!;
    assert.match(text(head), /Ann Bell/);
    assert.match(text(head), /1234 Oak Street, Dublin, OH 43017/);
    assert.match(text(head), /5,200 sq ft/);
    const image = byRole(shadow, "img", "Aerial view of 1234 Oak Street");
    assert.equal(image.getAttribute("src"), "https://img.example/aerial.png");
  });

  test("without a home image the header shows no picture", async () => {
    const shadow = await show({ header: { address: "1 Elm St", customerName: "Bo Li", sizeEstimate: "800 sq m" } });
    assert.equal(proposalPane(shadow).querySelector(".qa-proposal-head img"), null);
    assert.match(text(proposalPane(shadow).querySelector(".qa-proposal-head")), /Bo Li.*1 Elm St.*800 sq m/);
  });

  describe("the plan switch", () => {
    test("offers AUTOPAY and PRE-PAY with the saving next to PRE-PAY, the quote's term checked", async () => {
      const shadow = await show();
      const group = byRole(shadow, "radiogroup", "Payment plan");
      const radios = allByRole(group, "radio");
      assert.deepEqual(radios.map(nameOf), ["AUTOPAY", "PRE-PAY & SAVE $13.19"]);
      assert.deepEqual(radios.map((r) => r.getAttribute("aria-checked")), ["true", "false"]);
      assert.deepEqual(radios.map((r) => r.tabIndex), [0, -1], "one tab stop: the checked option");
    });

    test("checks PRE-PAY under the total term", async () => {
      const quote = pricedQuote({ totals: { ...pricedQuote().totals, term: "total" } });
      const radios = allByRole(byRole(await show({ quote }), "radiogroup"), "radio");
      assert.deepEqual(radios.map((r) => r.getAttribute("aria-checked")), ["false", "true"]);
      assert.deepEqual(radios.map((r) => r.tabIndex), [-1, 0]);
    });

    test("uses the company's autopay label and shows no saving when there is none", async () => {
      const quote = pricedQuote({ plan: { shown: true, autopayLabel: "EASY PAY", prepayLabel: "PRE-PAY", saveText: null } });
      const radios = allByRole(await show({ quote }), "radio");
      assert.deepEqual(radios.map(nameOf), ["EASY PAY", "PRE-PAY"]);
      assert.doesNotMatch(text(byRole(view!.shadow, "radiogroup")), /SAVE/);
    });

    test("is not shown when the plan is not offered", async () => {
      const quote = pricedQuote({ plan: { ...pricedQuote().plan, shown: false } });
      const shadow = await show({ quote });
      assert.equal(allByRole(shadow, "radiogroup").length, 0);
      assert.equal(allByRole(shadow, "radio").length, 0);
    });
  });

  describe("the recommended services", () => {
    test("come under 'Based on your selections we recommend these services', one block per service in order", async () => {
      const shadow = await show();
      const section = byRole(shadow, "region", "Based on your selections we recommend these services");
      assert.deepEqual(Array.from(section.querySelectorAll("article")).map(nameOf), ["Fertilizer & Weed Control", "Core Aeration"]);
    });

    test("each block shows its description, season note, and its offers beside the payment they lower", async () => {
      const shadow = await show();
      const block = Array.from(shadow.querySelectorAll("article")).find((a) => nameOf(a) === "Fertilizer & Weed Control")!;
      assert.equal(block.querySelector(".qa-service-text")?.textContent, "Six visits a year.\nWeeds gone by June.");
      assert.match(text(block), /Two applications already passed this season/);
      const today = block.querySelector(".qa-price-line")!;
      assert.match(text(today), /^USD 3400 today/);
      assert.deepEqual(allByRole(today, "listitem").map(text), ["20% off for the 1st application", "Free grub check"]);
      assert.equal(block.querySelectorAll(".qa-discount").length, 2, "each offer once");
      const plain = Array.from(shadow.querySelectorAll("article")).find((a) => nameOf(a) === "Core Aeration")!;
      assert.equal(plain.querySelector(".qa-service-text, .qa-service-season, .qa-discounts"), null, "nothing empty is drawn");
    });

    // Each amount before tax (tax is the summary's row), with what it is.
    const OFFERS = "20% off for the 1st application Free grub check";
    const priceCases = [
      { term: "application", monthly: false, service: FERTILIZER, expected: [`USD 3400 today ${OFFERS}`, "USD 4250 per application"] },
      { term: "application", monthly: false, service: AERATION_SELECTED, expected: ["USD 9200 today", "USD 8200 per visit"] },
      { term: "application", monthly: true, service: FERTILIZER, expected: [`USD 3400 today ${OFFERS}`, "USD 4250 per month"] },
      { term: "application", monthly: true, service: AERATION_SELECTED, expected: ["USD 9200 today", "USD 8200 per month"] },
      { term: "total", monthly: false, service: FERTILIZER, expected: [`USD 23430 for the season ${OFFERS}`] },
      { term: "total", monthly: true, service: AERATION_SELECTED, expected: ["USD 16400 for the season"] },
    ] as const;
    for (const { term, monthly, service, expected } of priceCases) {
      test(`${service.block.serviceName} under the ${term} term${monthly ? ", paid monthly," : ""} shows ${expected.join(" + ")}`, async () => {
        const quote = pricedQuote({ totals: { ...pricedQuote().totals, term }, periodLabel: monthly ? "Monthly Billing" : null });
        const shadow = await show({ quote });
        const block = Array.from(shadow.querySelectorAll("article")).find((a) => nameOf(a) === service.block.serviceName)!;
        assert.deepEqual(Array.from(block.querySelectorAll(".qa-price-line")).map(priceLine), expected);
      });
    }

    test("prices are written in the quote's currency", async () => {
      const quote = pricedQuote({ currency: "GBP", services: [AERATION_SELECTED] });
      const shadow = await show({ quote, addOns: [] });
      assert.deepEqual(Array.from(shadow.querySelectorAll("article .qa-price-line")).map(text), ["GBP 9200 today", "GBP 8200 per month"]);
    });

    const currencyCases = [
      { currency: "USD", expected: ["$92.00 today", "$82.00 per month"] },
      { currency: "JPY", expected: ["¥9,200 today", "¥8,200 per month"] },
    ];
    for (const { currency, expected } of currencyCases) {
      test(`without a formatter of its own, writes ${currency} prices the pricing engine's way`, async () => {
        const shadow = await show({ quote: pricedQuote({ currency, services: [AERATION_SELECTED] }), addOns: [], formatMoney: undefined });
        assert.deepEqual(Array.from(shadow.querySelectorAll("article .qa-price-line")).map(text), expected);
      });
    }

    test("each block has a switch named after its service, on when the block is selected", async () => {
      const off = { ...AERATION_SELECTED, block: { ...AERATION_SELECTED.block, selected: false } };
      const shadow = await show({ quote: pricedQuote({ services: [FERTILIZER, off] }) });
      const switches = allByRole(shadow, "switch");
      assert.deepEqual(switches.map(nameOf), ["Fertilizer & Weed Control", "Core Aeration"]);
      assert.deepEqual(switches.map((s) => s.getAttribute("aria-checked")), ["true", "false"]);
    });
  });

  describe("the summary", () => {
    test("lists the quote's rows, label and value, with the billing label, on both steps", async () => {
      const shadow = await show();
      for (const pane of [proposalPane(shadow), checkoutPane(shadow)]) {
        const rows = Array.from(pane.querySelectorAll(".qa-summary-row")).map((row) => [text(row.querySelector("dt")), text(row.querySelector("dd"))]);
        assert.deepEqual(rows, SUMMARY.map((row) => [row.label, row.value]));
        assert.equal(text(pane.querySelector(".qa-period")), "Monthly Billing");
      }
    });

    test("shows no billing label when the quote has none", async () => {
      const shadow = await show({ quote: pricedQuote({ periodLabel: null }) });
      assert.equal(shadow.querySelector(".qa-period"), null);
      assert.equal(shadow.querySelectorAll(".qa-summary").length, 2);
    });

    test("is hidden, rows, label and footer total, when the company hides it", async () => {
      const shadow = await show({ hideSummary: true });
      assert.equal(shadow.querySelector(".qa-summary, .qa-period, .qa-footer-total"), null);
      for (const row of SUMMARY) assert.ok(!text(shadow).includes(row.value), `${row.value} is not shown`);
    });

    test("the amount due today is announced politely when it changes", async () => {
      const shadow = await show();
      const live = shadow.querySelector('[aria-live="polite"]')!;
      assert.equal(text(live), "GET STARTED TODAY $145.22");
      const summary = SUMMARY.map((row) => (row.id === "today" ? { ...row, amount: 9999, value: "$99.99" } : row));
      await view!.rerender(proposalModal(modalProps([], { quote: pricedQuote({ summary }) })));
      assert.equal(shadow.querySelector('[aria-live="polite"]'), live, "the same live region, so the change is announced");
      assert.equal(text(live), "GET STARTED TODAY $99.99");
    });
  });

  test("shows the company's team picture, or nothing without one", async () => {
    const shadow = await show();
    assert.equal(byRole(shadow, "img", "The Greenway Lawn team").getAttribute("src"), "https://img.example/team.jpg");
    await view!.unmount();
    const bare = await show({ teamPicture: undefined });
    assert.equal(allByRole(bare, "img", /team/).length, 0);
  });

  describe("'Payment Terms and Conditions'", () => {
    test("shows the terms as text with their line breaks", async () => {
      const shadow = await show();
      byRole(shadow, "heading", "Payment Terms and Conditions");
      const terms = byRole(shadow, "region", "Payment Terms and Conditions");
      assert.equal(terms.textContent, "Payments renew each season.\nCancel any time by phone.");
    });

    test("never reads the terms as HTML", async () => {
      const shadow = await show({ termsOfService: '<img src=x onerror="alert(1)"><b>Bold</b>' });
      const terms = byRole(shadow, "region", "Payment Terms and Conditions");
      assert.equal(terms.children.length, 0);
      assert.equal(terms.textContent, '<img src=x onerror="alert(1)"><b>Bold</b>');
    });

    test("is left out when the company has no terms", async () => {
      const shadow = await show({ termsOfService: undefined });
      assert.equal(allByRole(shadow, "heading", "Payment Terms and Conditions").length, 0);
    });
  });

  describe("'What else can we do for you?'", () => {
    test("lists each add-on with its name, its price for the term and an Add button", async () => {
      const shadow = await show();
      const section = byRole(shadow, "region", "What else can we do for you?");
      const items = Array.from(section.querySelectorAll("li"));
      assert.deepEqual(items.map((li) => text(li.querySelector("h4"))), ["Grub Prevention", "Overseeding"]);
      assert.deepEqual(items.map((li) => Array.from(li.querySelectorAll(".qa-price-line")).map(text)), [
        ["USD 6000 today", "USD 6000 per month"],
        ["USD 11200 today", "USD 10250 per month"],
      ]);
      assert.deepEqual(allByRole(section, "button").map(nameOf), ["Add Grub Prevention", "Add Overseeding"]);
    });

    test("prices add-ons pre-paid under the total term", async () => {
      const quote = pricedQuote({ totals: { ...pricedQuote().totals, term: "total" } });
      const section = byRole(await show({ quote, addOns: [ADD_ON_SEED] }), "region", "What else can we do for you?");
      assert.deepEqual(Array.from(section.querySelectorAll(".qa-price-line")).map(text), ["USD 21300 for the season"]);
    });

    test("is left out when there are no add-ons", async () => {
      const shadow = await show({ addOns: [] });
      assert.equal(allByRole(shadow, "heading", "What else can we do for you?").length, 0);
      assert.ok(!text(shadow).includes(ADD_ON_GRUB.block.serviceName));
    });
  });

  test("'I NEED TO THINK ABOUT IT' is offered until the sale is converted", async () => {
    byRole(await show(), "button", "I NEED TO THINK ABOUT IT");
    await view!.unmount();
    assert.equal(allByRole(await show({ convertedSale: true }), "button", "I NEED TO THINK ABOUT IT").length, 0);
  });

  describe("the checkout step", () => {
    test("holds the summary, the payment form's slot and 'Sign Up'", async () => {
      const { createElement } = await import("react");
      const shadow = await show({ checkout: createElement("div", { className: "card-form" }, "CARD FIELDS") });
      const pane = checkoutPane(shadow);
      assert.equal(text(pane.querySelector(".card-form")), "CARD FIELDS");
      assert.ok(pane.querySelector(".qa-summary"));
      const button = byRole(pane, "button", "Sign Up");
      assert.equal(button.hasAttribute("disabled"), false);
      assert.ok(
        pane.querySelector(".card-form")!.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING,
        "the button comes after the payment form",
      );
    });

    test("reads '⚡ BUY NOW' when payment is bypassed", async () => {
      const pane = checkoutPane(await show({ bypassPayment: true }));
      byRole(pane, "button", "⚡ BUY NOW");
      assert.equal(allByRole(pane, "button", "Sign Up").length, 0);
    });

    const disabledCases: Array<[string, Partial<ProposalModalProps>, boolean]> = [
      ["ready", {}, false],
      ["busy", { busy: true }, true],
      ["the payment form not ready", { canSignUp: false }, true],
      ["busy, bypassing payment", { busy: true, bypassPayment: true }, true],
    ];
    for (const [what, overrides, disabled] of disabledCases) {
      test(`the buy button is ${disabled ? "disabled" : "enabled"} when ${what}`, async () => {
        const pane = checkoutPane(await show(overrides));
        const button = pane.querySelector<HTMLButtonElement>(".qa-sign-up")!;
        assert.equal(button.disabled, disabled);
      });
    }

    test("while busy the last figures stay on screen, marked busy", async () => {
      const shadow = await show({ busy: true });
      assert.equal(shadow.querySelector(".qa-proposal")!.getAttribute("aria-busy"), "true");
      assert.match(text(shadow), /USD 3400 today/);
      assert.match(text(checkoutPane(shadow)), /\$145\.22/);
      await view!.rerender(proposalModal(modalProps([], { busy: false })));
      assert.equal(shadow.querySelector(".qa-proposal")!.getAttribute("aria-busy"), "false");
    });
  });
});
