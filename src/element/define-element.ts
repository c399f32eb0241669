// Registers <quote-assistant> once per page (a second copy of the bundle does no harm; a page
// that took the name first gets <quote-assistant-widget>). The element wraps r2wc's class to
// add the `open` attribute and the host-page commands.
import r2wc from "@r2wc/react-to-web-component";
import { startTransition } from "react";
import { cleanCustomerFields } from "../config/query-flags.ts";
import { configAtom, customerAtom, openAskedAtAtom, openAtom } from "../state/atoms.ts";
import { FIRST_ANSWER_CONTROL } from "../ui/inputs/answer-controls.ts";
import { adoptWidgetStyles } from "../ui/styles.ts";
import { App } from "./app.tsx";
import { applyBrand } from "./brand-theme.ts";
import { storeFor } from "./store-registry.ts";
import { FALLBACK_TAG_NAME, TAG_NAME, WIDGET_SELECTOR } from "./tag-names.ts";

export { FALLBACK_TAG_NAME, TAG_NAME, WIDGET_SELECTOR };
/** Marks our class, so that a second copy of the bundle knows its own definition from a page's. */
const OURS = Symbol.for("quote-assistant.element");
/** r2wc's method that mounts or updates the React root. */
const RENDER = Symbol.for("r2wc.render");

const isOurs = (definition: CustomElementConstructor | undefined): boolean =>
  !!definition && (definition as unknown as Record<symbol, unknown>)[OURS] === true;

/** Every element on the page that runs this widget, under either name. */
export function widgetElements(doc: Document = document): QuoteAssistantElement[] {
  return Array.from(doc.querySelectorAll<QuoteAssistantElement>(WIDGET_SELECTOR)).filter(
    (el) => typeof el.openChat === "function",
  );
}

export interface QuoteAssistantElement extends HTMLElement {
  /** `askedAt`: when the visitor asked (Date.now()), if before the widget could open: the greeting's pace counts from it. */
  openChat(askedAt?: number): void;
  closeChat(): void;
  prefill(fields: unknown): void;
}

type R2wcInstance = HTMLElement & {
  [RENDER](): void;
  connectedCallback(): void;
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
};

/**
 * Defines the element under its own name or, when the page already took that name for an
 * element of its own, under FALLBACK_TAG_NAME, and moves the loader's element (one with
 * `company` and `bot` that the page's class took) over to it. Returns the name it runs under,
 * or null when it cannot run (the reason is in the console).
 */
export function defineQuoteAssistant(registry: CustomElementRegistry = customElements, doc: Document = document): string | null {
  const existing = registry.get(TAG_NAME);
  if (isOurs(existing)) return TAG_NAME;
  if (!existing) {
    registry.define(TAG_NAME, createElementClass());
    return TAG_NAME;
  }
  const fallback = registry.get(FALLBACK_TAG_NAME);
  if (fallback && !isOurs(fallback)) {
    console.error(
      `[quote-assistant] cannot start: this page has defined its own <${TAG_NAME}> and <${FALLBACK_TAG_NAME}> elements, the names the widget needs.`,
    );
    return null;
  }
  console.warn(
    `[quote-assistant] this page has defined its own <${TAG_NAME}> element, so the widget runs as <${FALLBACK_TAG_NAME}> (use that name to place it on the page).`,
  );
  if (!fallback) registry.define(FALLBACK_TAG_NAME, createElementClass());
  for (const stranded of Array.from(doc.querySelectorAll(TAG_NAME))) {
    if (typeof (stranded as Partial<QuoteAssistantElement>).openChat === "function") continue;
    if (!stranded.hasAttribute("company") || !stranded.hasAttribute("bot")) continue;
    const replacement = doc.createElement(FALLBACK_TAG_NAME);
    // Not `style`: the loader's own (display, set through CSSOM) would be a style attribute a strict CSP refuses.
    for (const { name, value } of Array.from(stranded.attributes)) if (name != "style") replacement.setAttribute(name, value);
    stranded.replaceWith(replacement);
  }
  return FALLBACK_TAG_NAME;
}

function createElementClass(): CustomElementConstructor {

  const Base = r2wc(App, {
    shadow: "open",
    props: { company: "string", bot: "string", apiBase: "string", mode: "string" },
  }) as unknown as { new (): R2wcInstance; observedAttributes: string[] };

  class Element extends Base implements QuoteAssistantElement {
    static readonly [OURS] = true;

    static override get observedAttributes() {
      return [...Base.observedAttributes, "open", "brand-color"];
    }

    constructor() {
      super();
      adoptWidgetStyles(this.shadowRoot!);
      // Keep the `open` attribute true to the chat's state, so CSS and scripts can read it.
      storeFor(this).sub(openAtom, () => this.toggleAttribute("open", storeFor(this).get(openAtom)));
      // The company's colours once its configuration is known (or when it changes).
      storeFor(this).sub(configAtom, () => this.paintBrand());
    }

    /**
     * A closed widget renders in a transition: React yields to the page every few milliseconds,
     * so its first render (the bubble, and the window hidden behind it) is no long task for a
     * page where the loader runs the widget before any click (issue 35). An open one at once.
     */
    override [RENDER]() {
      if (this.hasAttribute("open")) super[RENDER]();
      else startTransition(() => super[RENDER]());
    }

    override connectedCallback() {
      // On the page, so the host page's own `--qa-brand` (if any) can be read.
      this.paintBrand();
      super.connectedCallback();
    }

    private paintBrand() {
      if (this.isConnected) applyBrand(this, storeFor(this).get(configAtom));
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (name === "open") {
        storeFor(this).set(openAtom, newValue !== null);
        return;
      }
      if (name === "brand-color") {
        this.paintBrand();
        return;
      }
      super.attributeChangedCallback(name, oldValue, newValue);
    }

    openChat(askedAt?: number) {
      const store = storeFor(this);
      store.set(openAskedAtAtom, askedAt ?? null);
      store.set(openAtom, true);
    }

    closeChat() {
      storeFor(this).set(openAtom, false);
    }

    prefill(fields: unknown) {
      const clean = cleanCustomerFields(fields);
      storeFor(this).set(customerAtom, (current) => ({ ...current, ...clean }));
    }

    /**
     * Focus lands on what the visitor sees: the open chat window's answer (its first control,
     * as a keyboard visitor who opened the chat expects to press it next), else the window,
     * else the bubble. The loader hands its shell's focus over this way.
     */
    override focus(options?: FocusOptions) {
      const root = this.shadowRoot;
      const target =
        root?.querySelector<HTMLElement>(`.qa-window ${FIRST_ANSWER_CONTROL}`) ?? root?.querySelector<HTMLElement>(".qa-window, .qa-bubble");
      if (target) target.focus(options);
      else super.focus(options);
    }
  }

  return Element;
}
