// SPEC §2 and §5's screens in real Chromium, each as the visitor sees it (issue 27's 'untested
// though built'): a typed answer is sent by Enter, by leaving the field and by the send area,
// never empty; the address suggestions asked 400 ms after the last keystroke; the lot-size slider's labels and its lawn size; the three calculating variants
// with their alt text 'calculating'; the confirmation overlay's sentences.
import { Provider } from "jotai/react";
import { createStore } from "jotai/vanilla";
import type { ReactNode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { CompanyConfig } from "../../src/config/company-config.ts";
import type { ResolvedInput } from "../../src/flow/types.ts";
import { confirmationShownAtom } from "../../src/state/atoms.ts";
import { Calculating, calculatingVariant } from "../../src/ui/chat/calculating.tsx";
import { ConfirmationOverlay } from "../../src/ui/chat/confirmation-overlay.tsx";
import { AddressSearch, SUGGESTION_DEBOUNCE_MS } from "../../src/ui/inputs/address-search.tsx";
import { LawnSlider } from "../../src/ui/inputs/lawn-slider.tsx";
import { TextInput } from "../../src/ui/inputs/text-input.tsx";
import { assert, assertEqual, waitFor } from "./helpers.ts";
import { widgetRoot } from "./widget-root.ts";

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

function render(node: ReactNode) {
  const { host, shadow, container } = widgetRoot();
  const outside = document.createElement("button");
  outside.textContent = "Somewhere else on the page";
  document.body.append(outside);
  const store = createStore();
  const root = createRoot(container);
  flushSync(() => root.render(<Provider store={store}>{node}</Provider>));
  unmount = () => {
    root.unmount();
    host.remove();
    outside.remove();
  };
  return { shadow, store, outside };
}

/** Types as a visitor does: the native setter, then the input event React listens to. */
function type(field: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
  flushSync(() => {
    setter.call(field, text);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

type TextSpec = Extract<ResolvedInput, { kind: "text" }>;
const NAME: TextSpec = { kind: "text", label: "What are your first and last names?", maxLength: 50, inputMode: "text" };

function textField() {
  const sent: string[] = [];
  const screen = render(<TextInput input={NAME} onAnswer={(value) => (sent.push(value), true)} />);
  const field = screen.shadow.querySelector<HTMLInputElement>("input.qa-text")!;
  assert(field, "the text field");
  return { ...screen, field, sent };
}

describe("a typed answer (SPEC §5: Enter, blur or the send area submits; empty is not submitted)", () => {
  it("Enter sends what was typed", () => {
    const { field, sent } = textField();
    type(field, "Kim Lee");
    flushSync(() => field.form!.requestSubmit());
    assertEqual(sent, ["Kim Lee"]);
  });

  it("leaving the filled field for somewhere else sends it", () => {
    const { field, sent, outside } = textField();
    field.focus();
    type(field, "Kim Lee");
    flushSync(() => outside.focus());
    assertEqual(sent, ["Kim Lee"]);
  });

  it("the send area sends it, once (the field's blur towards it is not a second answer)", () => {
    const { shadow, field, sent } = textField();
    field.focus();
    type(field, "Kim Lee");
    const send = shadow.querySelector<HTMLButtonElement>("button.qa-send")!;
    assertEqual(send.getAttribute("aria-label"), "Send");
    flushSync(() => send.focus());
    flushSync(() => send.click());
    assertEqual(sent, ["Kim Lee"]);
  });

  it("leaving an empty field sends nothing", () => {
    const { field, sent, outside } = textField();
    field.focus();
    type(field, "   ");
    flushSync(() => outside.focus());
    assertEqual(sent, []);
  });
});

describe("the lot-size slider (SPEC §2: total lot size, estimated lawn size, percentage, 'Update Lawn Size')", () => {
  it("shows each label, and the lawn size the percentage gives is what 'Update Lawn Size' answers", () => {
    const sent: string[] = [];
    const { shadow } = render(
      <LawnSlider input={{ kind: "slider", totalLotSize: 16264, defaultPercent: 40, unit: "sq ft" }} onAnswer={(value) => (sent.push(value), true)} />,
    );
    const text = shadow.querySelector(".qa-slider")!.textContent!;
    for (const label of ["Total lot size", "16,264 sq ft", "Percentage of lot that is lawn: 40%", "Estimated lawn size", "6,506 sq ft"]) {
      assert(text.includes(label), `the slider shows '${label}' (it shows '${text}')`);
    }
    const range = shadow.querySelector<HTMLInputElement>('input[type="range"]')!;
    assertEqual(range.labels?.[0]?.textContent, "Percentage of lot that is lawn: 40%", "the range is labelled");
    type(range, "25");
    assert(shadow.querySelector("output")!.textContent === "4,066 sq ft", "the lawn follows the slider");
    assertEqual(range.getAttribute("aria-valuetext"), "25% of the lot, 4,066 sq ft");
    const update = Array.from(shadow.querySelectorAll("button")).find((b) => b.textContent === "Update Lawn Size");
    assert(update, "'Update Lawn Size'");
    flushSync(() => update.click());
    assertEqual(sent, ["4066"]);
  });
});

describe("the calculating screen (SPEC §2: standard, no-soil and pest-control variants, alt 'calculating')", () => {
  const base = { botType: "lawn" } as unknown as CompanyConfig;
  // [configuration, the quote needs a lawn size, the variant, soil drawn, a shield drawn]
  const TABLE: Array<[string, CompanyConfig, boolean, string, boolean, boolean]> = [
    ["a lawn quote by size", base, true, "standard", true, false],
    ["a lawn quote without a size", base, false, "no-soil", false, false],
    ["a pest-control company", { ...base, botType: "pest" } as CompanyConfig, true, "pest-control", true, true],
  ];
  for (const [name, config, needsSize, variant, soil, shield] of TABLE) {
    it(`${name}: the ${variant} animation, named 'calculating'`, () => {
      const chosen = calculatingVariant(config, needsSize);
      assertEqual(chosen, variant);
      const { shadow } = render(<Calculating config={config} variant={chosen} />);
      const art = shadow.querySelector('[role="img"]')!;
      assertEqual(art.getAttribute("aria-label"), "calculating");
      assertEqual(shadow.querySelector(".qa-calc-soil") !== null, soil, "soil");
      assertEqual(shadow.querySelector(".qa-calc-shield") !== null, shield, "shield");
      assertEqual(shadow.querySelectorAll(".qa-calc-blade").length > 0, !shield, "grass blades");
      const box = art.getBoundingClientRect();
      assert(box.width > 0 && box.height > 0, "the animation has a size on screen");
    });
  }

  it("the company's own animation is an image with the alt text 'calculating'", () => {
    const config = { ...base, botQuoteAnalyzingGif: "https://cdn.example.com/calc.gif" } as CompanyConfig;
    const { shadow } = render(<Calculating config={config} variant="standard" />);
    const img = shadow.querySelector("img")!;
    assertEqual([img.alt, img.getAttribute("src")], ["calculating", "https://cdn.example.com/calc.gif"]);
    assertEqual(shadow.querySelector("svg"), null);
  });
});

describe("the confirmation overlay's words (SPEC §2)", () => {
  it("says the information was sent, a representative will call, and offers 'Contact Us' for an emergency", async () => {
    const config = { companyPhone: "(614) 555-0100" } as CompanyConfig;
    const { shadow, store } = render(<ConfirmationOverlay config={config} />);
    flushSync(() => store.set(confirmationShownAtom, true));
    const dialog = await waitFor(() => shadow.querySelector('[role="alertdialog"]'), "the overlay");
    const text = dialog.textContent!;
    for (const sentence of ["Your information has been sent to our team.", "A representative will contact you shortly.", "In case of an emergency"]) {
      assert(text.includes(sentence), `the overlay says '${sentence}' (it says '${text}')`);
    }
    const call = dialog.querySelector<HTMLAnchorElement>("a[href^='tel:']")!;
    assertEqual([call.textContent, call.getAttribute("href")], ["Contact Us", "tel:6145550100"]);
  });
});

describe("the address suggestions (SPEC §9: suggestion debounce 400 ms)", () => {
  it("a burst of typing asks once, for the last text, 400 ms after the last keystroke", async () => {
    const asked: Array<{ term: string; at: number }> = [];
    const { shadow } = render(
      <AddressSearch
        label="What is your address?"
        country="US"
        search={async (term) => {
          asked.push({ term, at: performance.now() });
          return { items: [] };
        }}
        onAnswer={() => true}
      />,
    );
    const field = shadow.querySelector<HTMLInputElement>('input[role="combobox"]')!;
    assert(field, "the address combobox");
    let lastKey = 0;
    for (const text of ["556", "5565", "5565 B", "5565 Br", "5565 Bra"]) {
      type(field, text);
      lastKey = performance.now();
      // The typist's pace is what is tested (keystrokes 100 ms apart, inside the 400 ms debounce), not a wait for anything.
      await new Promise((resolve) => setTimeout(resolve, 100));
      assertEqual(asked.length, 0, `nothing asked 100 ms after typing '${text}'`);
    }
    await waitFor(() => asked.length > 0, "the suggestions' request");
    assertEqual(asked.map((a) => a.term), ["5565 Bra"]);
    assert(asked[0]!.at - lastKey >= SUGGESTION_DEBOUNCE_MS - 5, `asked ${Math.round(asked[0]!.at - lastKey)} ms after the last keystroke`);
    assertEqual(SUGGESTION_DEBOUNCE_MS, 400);
  });
});
