// The quote modal in real Chromium, in a shadow root with the widget's adopted stylesheet:
// side by side from 992 px, a stepper below, nothing wider than a 360 px phone, thumb-sized
// controls, real keyboard presses, focus held in the visible step, and no serious axe finding.
import { sendKeys, setViewport } from "@web/test-runner-commands";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import type { ProposalModalProps } from "../../src/ui/proposal/proposal-modal.tsx";
import { adoptLateStyles, adoptWidgetStyles } from "../../src/ui/styles.ts";
import { QUOTE_CSS } from "../../src/ui/quote-chunk/quote-css.ts";
import { ADD_ON_GRUB, FERTILIZER, modalProps, pricedQuote, proposalModal, type Calls } from "../unit/ui/proposal/proposal-fixtures.ts";
import { assert, assertEqual, seriousAxeViolations, waitFor } from "./helpers.ts";

interface Mounted {
  host: HTMLElement;
  shadow: ShadowRoot;
  calls: Calls;
}

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

async function mountProposal(overrides: Partial<ProposalModalProps> = {}): Promise<Mounted> {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  adoptWidgetStyles(shadow);
  // The modal's styles come with the lazily loaded quote chunk.
  adoptLateStyles(shadow, QUOTE_CSS);
  const container = document.createElement("div");
  container.className = "qa-root";
  shadow.append(container);
  const calls: Calls = [];
  const root = createRoot(container);
  flushSync(() => root.render(proposalModal(modalProps(calls, { formatMoney: undefined, teamPicture: undefined, ...overrides }))));
  unmount = () => {
    root.unmount();
    host.remove();
  };
  await waitFor(() => shadow.activeElement?.getAttribute("aria-label") === "Close", "focus on the close button");
  return { host, shadow, calls };
}

const shown = (el: Element | null) => !!el && el.getClientRects().length > 0;
const rect = (el: Element | null) => el!.getBoundingClientRect();
const pane = (shadow: ShadowRoot, which: "proposal" | "checkout") => shadow.querySelector<HTMLElement>(`.qa-pane-${which}`)!;
const buttonNamed = (shadow: ShadowRoot, name: string) =>
  Array.from(shadow.querySelectorAll<HTMLElement>("button")).find((b) => (b.getAttribute("aria-label") ?? b.textContent) === name)!;
const active = (shadow: ShadowRoot) => shadow.activeElement as HTMLElement | null;
const nameOfActive = (shadow: ShadowRoot) => {
  const el = active(shadow);
  return el?.getAttribute("aria-label") ?? el?.textContent ?? "";
};

/** Every visible control a visitor can press. */
function visibleControls(shadow: ShadowRoot): HTMLElement[] {
  return Array.from(shadow.querySelectorAll<HTMLElement>("button, [role=radio], [role=switch], a[href]")).filter(shown);
}

/** Elements that stick out of the viewport sideways, or containers scrolling sideways. */
function overflowing(shadow: ShadowRoot): string[] {
  const out: string[] = [];
  for (const el of Array.from(shadow.querySelectorAll<HTMLElement>("*"))) {
    if (!shown(el) || el.classList.contains("qa-visually-hidden")) continue;
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.right > innerWidth + 0.5) out.push(`${el.className || el.tagName} spans ${box.left}..${box.right}`);
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") out.push(`${el.className || el.tagName} scrolls sideways`);
  }
  return out;
}

const LONG = pricedQuote({
  services: [
    { ...FERTILIZER, block: { ...FERTILIZER.block, serviceName: "Premium Fertilizer, Weed, Grub and Disease Control Season-Long Protection Program" } },
  ],
});
const LONG_HEADER = {
  address: "12345 North Southwestern Extraordinarilylongboulevardname Avenue, Apartment 1234, Dublin, OH 43017",
  customerName: "Bartholomew Alexander Montgomery-Worthington",
  homeImage: { src: "data:image/gif;base64,R0lGODlhAQABAAAAACw=", alt: "Aerial view of the home" },
  sizeEstimate: "12,345 sq ft",
};

describe("the quote modal in Chromium", () => {
  it("shows both steps side by side at 1200x800, without a stepper", async () => {
    await setViewport({ width: 1200, height: 800 });
    const { shadow } = await mountProposal();
    const proposal = pane(shadow, "proposal");
    const checkout = pane(shadow, "checkout");
    assert(shown(proposal) && shown(checkout), "both steps are shown");
    assert(rect(checkout).left >= rect(proposal).right - 1, "the checkout sits to the right of the proposal");
    assert(Math.abs(rect(checkout).top - rect(proposal).top) < 1, "side by side, tops aligned");
    assertEqual(Math.round(rect(checkout).width), 380, "checkout column width");
    assert(!shown(shadow.querySelector(".qa-stepper")), "no stepper on desktop");
    assert(!shown(buttonNamed(shadow, "Checkout")) && !shown(buttonNamed(shadow, "Back")), "no step buttons on desktop");
    assert(!shown(shadow.querySelector(".qa-summary-proposal")), "the summary shows once, in the checkout column");
    assert(shown(shadow.querySelector(".qa-summary-checkout")), "the checkout column shows the summary");
    const dialog = shadow.querySelector('[role="dialog"]')!;
    assert(rect(dialog).width <= 1120 && rect(dialog).left > 0, "a centred panel, not full screen");
  });

  // SPEC §9's breakpoints: tablet 768-991 px: a centred panel (not the phone's full screen), one step at a time.
  for (const width of [800, 991]) {
    it(`on a tablet (${width}x1024): a centred panel of at most 680 px with the stepper and one step at a time`, async () => {
      await setViewport({ width, height: 1024 });
      const { shadow } = await mountProposal();
      const dialog = rect(shadow.querySelector('[role="dialog"]'));
      assert(dialog.width <= 680 && dialog.width >= 600, `the panel is at most 680 px wide (${dialog.width})`);
      assert(Math.abs(dialog.left - (width - dialog.right)) <= 1, `the panel is centred (${dialog.left}..${dialog.right} of ${width})`);
      assert(dialog.height < 1024, "not the phone's full screen");
      assert(shown(shadow.querySelector(".qa-stepper")), "the stepper shows");
      assert(shown(pane(shadow, "proposal")) && !shown(pane(shadow, "checkout")), "only the proposal shows");
      assert(shown(buttonNamed(shadow, "Checkout")), "Checkout moves to the next step");
    });
  }

  it("shows a stepper and one step at a time at 375x740; Checkout and Back move between steps", async () => {
    await setViewport({ width: 375, height: 740 });
    const { shadow, calls } = await mountProposal();
    assert(shown(shadow.querySelector(".qa-stepper")), "the stepper shows");
    assert(shown(pane(shadow, "proposal")) && !shown(pane(shadow, "checkout")), "only the proposal shows");
    const dialog = rect(shadow.querySelector('[role="dialog"]'));
    assertEqual([dialog.width, dialog.height], [375, 740], "the modal fills the phone");

    buttonNamed(shadow, "Checkout").focus();
    await sendKeys({ press: "Enter" });
    await waitFor(() => shown(pane(shadow, "checkout")), "the checkout step");
    assert(!shown(pane(shadow, "proposal")), "the proposal is hidden");
    assertEqual(shadow.querySelector('[aria-current="step"]')?.textContent, "2Checkout");
    await waitFor(() => active(shadow)?.id === "qa-checkout-title", "focus on the checkout heading");
    assert(shown(buttonNamed(shadow, "Sign Up")), "the buy button is on the checkout step");

    buttonNamed(shadow, "Back").click();
    await waitFor(() => shown(pane(shadow, "proposal")), "back to the proposal");
    await waitFor(() => nameOfActive(shadow) === "Checkout", "focus on the Checkout button");
    assertEqual(calls, [], "moving between steps calls nothing outside");
  });

  for (const step of ["proposal", "checkout"] as const) {
    it(`nothing overflows sideways at 360 px on the ${step} step, even with long names`, async () => {
      await setViewport({ width: 360, height: 740 });
      const { shadow } = await mountProposal({ quote: LONG, header: LONG_HEADER, initialStep: step === "checkout" ? 1 : 0 });
      assert(shown(pane(shadow, step)), `the ${step} step shows`);
      const scroller = pane(shadow, step).querySelector<HTMLElement>(".qa-pane-scroll")!;
      for (const top of [0, 400, 800, 1200, 1600, 2000]) {
        scroller.scrollTop = top;
        assertEqual(overflowing(shadow), [], `at scroll ${top}`);
      }
    });
  }

  it("gives every control at least 44x44 px on a phone", async () => {
    await setViewport({ width: 375, height: 740 });
    const { shadow } = await mountProposal();
    const small = (controls: HTMLElement[]) =>
      controls
        .map((el) => ({ name: el.getAttribute("aria-label") ?? el.textContent, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(({ name, box }) => `${name}: ${box.width}x${box.height}`);
    const onProposal = visibleControls(shadow);
    assert(onProposal.length >= 8, `found the proposal's controls (${onProposal.length})`);
    assertEqual(small(onProposal), [], "proposal step");
    buttonNamed(shadow, "Checkout").click();
    await waitFor(() => shown(pane(shadow, "checkout")), "the checkout step");
    assertEqual(small(visibleControls(shadow)), [], "checkout step");
  });

  it("real key presses: Space and Enter toggle a switch once each, arrows change the plan, Enter adds an add-on, Escape closes", async () => {
    await setViewport({ width: 1200, height: 800 });
    const { shadow, calls } = await mountProposal({ addOns: [ADD_ON_GRUB] });
    const fertilizer = shadow.querySelector<HTMLElement>('[role="switch"]')!;
    fertilizer.focus();
    await sendKeys({ press: "Space" });
    await sendKeys({ press: "Enter" });
    shadow.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]')!.focus();
    await sendKeys({ press: "ArrowRight" });
    assertEqual(nameOfActive(shadow), "PRE-PAY & SAVE $13.19", "focus follows the arrow");
    buttonNamed(shadow, "Add Grub Prevention").focus();
    await sendKeys({ press: "Enter" });
    await sendKeys({ press: "Escape" });
    assertEqual(calls, [
      ["toggle", "fert", false],
      ["toggle", "fert", false],
      ["term", "total"],
      ["toggle", "grub", true],
      ["close"],
    ]);
  });

  it("Tab and Shift+Tab wrap around the controls of the visible step only", async () => {
    await setViewport({ width: 375, height: 740 });
    const { shadow } = await mountProposal();
    await sendKeys({ down: "Shift" });
    await sendKeys({ press: "Tab" });
    await sendKeys({ up: "Shift" });
    assertEqual(nameOfActive(shadow), "Checkout", "Shift+Tab from the close button reaches the last visible control");
    await sendKeys({ press: "Tab" });
    assertEqual(nameOfActive(shadow), "Close", "Tab from the last visible control wraps to the close button");
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await sendKeys({ press: "Tab" });
      const el = active(shadow);
      assert(el && el.closest('[role="dialog"]'), `Tab ${i + 1} stays in the modal`);
      assert(shown(el), `Tab ${i + 1} lands on something visible (${nameOfActive(shadow)})`);
      seen.add(nameOfActive(shadow));
    }
    assert(!seen.has("Sign Up") && !seen.has("Back"), "the hidden checkout step is never reached");
  });

  for (const [size, viewport] of [
    ["desktop", { width: 1200, height: 800 }],
    ["phone", { width: 375, height: 740 }],
  ] as const) {
    it(`has no serious or critical axe violations on ${size}, on both steps`, async () => {
      await setViewport(viewport);
      const { host, shadow } = await mountProposal({ teamPicture: "data:image/gif;base64,R0lGODlhAQABAAAAACw=", busy: true });
      assertEqual(await seriousAxeViolations(host), [], `${size}, proposal`);
      if (size === "phone") {
        buttonNamed(shadow, "Checkout").click();
        await waitFor(() => shown(pane(shadow, "checkout")), "the checkout step");
        assertEqual(await seriousAxeViolations(host), [], `${size}, checkout`);
      }
    });
  }
});
