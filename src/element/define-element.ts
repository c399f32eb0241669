// Registers <quote-assistant> once per page (a second copy of the bundle does no harm). The
// element wraps r2wc's class to add the `open` attribute and the host-page commands.
import r2wc from "@r2wc/react-to-web-component";
import { cleanCustomerFields } from "../config/query-flags.ts";
import { customerAtom, openAtom } from "../state/atoms.ts";
import { adoptWidgetStyles } from "../ui/styles.ts";
import { App } from "./app.tsx";
import { storeFor } from "./store-registry.ts";

export const TAG_NAME = "quote-assistant";

export interface QuoteAssistantElement extends HTMLElement {
  openChat(): void;
  closeChat(): void;
  prefill(fields: unknown): void;
}

type R2wcInstance = HTMLElement & {
  attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null): void;
};

export function defineQuoteAssistant(registry: CustomElementRegistry = customElements): boolean {
  if (registry.get(TAG_NAME)) return false;

  const Base = r2wc(App, {
    shadow: "open",
    props: { company: "string", bot: "string", apiBase: "string", mode: "string" },
  }) as unknown as { new (): R2wcInstance; observedAttributes: string[] };

  class Element extends Base implements QuoteAssistantElement {
    static override get observedAttributes() {
      return [...Base.observedAttributes, "open"];
    }

    constructor() {
      super();
      adoptWidgetStyles(this.shadowRoot!);
      // Keep the `open` attribute true to the chat's state, so CSS and scripts can read it.
      storeFor(this).sub(openAtom, () => this.toggleAttribute("open", storeFor(this).get(openAtom)));
    }

    override attributeChangedCallback(name: string, oldValue: string | null, newValue: string | null) {
      if (name === "open") {
        storeFor(this).set(openAtom, newValue !== null);
        return;
      }
      super.attributeChangedCallback(name, oldValue, newValue);
    }

    openChat() {
      storeFor(this).set(openAtom, true);
    }

    closeChat() {
      storeFor(this).set(openAtom, false);
    }

    prefill(fields: unknown) {
      const clean = cleanCustomerFields(fields);
      storeFor(this).set(customerAtom, (current) => ({ ...current, ...clean }));
    }

    /** Focus lands on what the visitor sees: the open chat window, or the bubble. */
    override focus(options?: FocusOptions) {
      const target = this.shadowRoot?.querySelector<HTMLElement>(".qa-window, .qa-bubble");
      if (target) target.focus(options);
      else super.focus(options);
    }
  }

  registry.define(TAG_NAME, Element);
  return true;
}
