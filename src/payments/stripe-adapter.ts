// Stripe (SPEC §9 card processors): split card elements (number, expiry, cvc) loaded only when
// the checkout mounts, each in a light-DOM child of the host shown through a <slot>, since
// Stripe refuses shadow roots. Valid by SPEC §5's stripe-style rule; the token comes from
// stripe.createToken, and the payment call gets SPEC §5's default expiry.
import { DEFAULT_EXPIRY } from "./card-expiry.ts";
import { isStripeCardValid } from "./card-validity.ts";
import { createLightDomSlot, type LightDomSlot } from "./light-dom-slot.ts";
import { createStatusHolder, type CardField, type PaymentAdapter } from "./payment-adapter.ts";
import { loadStripeJs } from "./stripe-loader.ts";
import type { CardElementType, StripeElementLike, StripeLike } from "./stripe-subset.ts";
import { payments as words } from "../i18n/en/payments.ts";

export interface StripeAdapterOptions {
  publishableKey: string;
  /** A script to load in place of js.stripe.com (the demo's stand-in). */
  scriptUrl?: string;
  /** Tests replace Stripe.js. */
  loadStripe?: (publishableKey: string, scriptUrl?: string) => Promise<StripeLike>;
}


const ELEMENTS: ReadonlyArray<{ field: CardField; type: CardElementType }> = [
  { field: { id: "number", label: words.cardNumber, kind: "provider" }, type: "cardNumber" },
  { field: { id: "expiry", label: words.expiryField, kind: "provider" }, type: "cardExpiry" },
  { field: { id: "cvc", label: "CVC", kind: "provider" }, type: "cardCvc" },
];

export function createStripeAdapter(options: StripeAdapterOptions): PaymentAdapter {
  const load = options.loadStripe ?? loadStripeJs;
  const status = createStatusHolder();
  let stripe: StripeLike | undefined;
  let mounted: Array<{ type: CardElementType; element: StripeElementLike; slot: LightDomSlot }> = [];
  // A mount that finishes after an unmount (the visitor closed the modal while Stripe loaded) must not attach.
  let generation = 0;

  const complete: Record<CardElementType, boolean> = { cardNumber: false, cardExpiry: false, cardCvc: false };
  const errors: Record<CardElementType, string | null> = { cardNumber: null, cardExpiry: null, cardCvc: null };
  const ready = new Set<CardElementType>();

  function update() {
    status.set({
      ready: ready.size === ELEMENTS.length,
      // Stripe reports completeness, not characters: a complete cvc has at least 3, a complete expiry 4 (MMYY).
      valid: isStripeCardValid({
        numberComplete: complete.cardNumber,
        cvcLength: complete.cardCvc ? 3 : 0,
        expiryLength: complete.cardExpiry ? 4 : 0,
      }),
      error: errors.cardNumber ?? errors.cardExpiry ?? errors.cardCvc,
    });
  }

  return {
    kind: "stripe",
    paymentMethod: "stripe",
    fields: ELEMENTS.map((entry) => entry.field),

    async mount(target) {
      const mine = ++generation;
      try {
        stripe ??= await load(options.publishableKey, options.scriptUrl);
      } catch (error) {
        console.error("[quote-assistant] Stripe.js failed to load", error);
        if (mine === generation) status.set({ unavailable: true, error: words.stripeLoadFailed });
        return;
      }
      if (mine !== generation) return;
      const elements = stripe.elements();
      for (const { field, type } of ELEMENTS) {
        const container = target.containers[field.id];
        if (!container) continue;
        const element = elements.create(type);
        element.on("change", (event) => {
          complete[type] = event.complete;
          errors[type] = event.error?.message ?? null;
          update();
        });
        element.on("ready", () => {
          ready.add(type);
          update();
        });
        const slot = createLightDomSlot(target.host, container, `qa-stripe-${field.id}`);
        element.mount(slot.element);
        mounted.push({ type, element, slot });
      }
    },

    status: status.get,
    onStatus: status.subscribe,

    async tokenize() {
      const number = mounted.find((entry) => entry.type === "cardNumber")?.element;
      if (!stripe || !number) return { ok: false, error: words.stripeLoadFailed };
      const result = await stripe.createToken(number);
      if (result.token) return { ok: true, token: result.token.id, expiry: { ...DEFAULT_EXPIRY } };
      return { ok: false, error: result.error?.message || words.cardNotProcessed };
    },

    async handleNextAction(clientSecret) {
      if (!stripe?.handleNextAction) return { ok: false, error: words.stripeLoadFailed };
      try {
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) return { ok: false, error: result.error.message || words.notAuthenticated };
        return { ok: true };
      } catch (error) {
        console.error("[quote-assistant] Stripe's next action failed", error);
        return { ok: false, error: words.notAuthenticated };
      }
    },

    unmount() {
      generation++;
      for (const { element, slot } of mounted) {
        element.destroy();
        slot.remove();
      }
      mounted = [];
      ready.clear();
      for (const type of Object.keys(complete) as CardElementType[]) {
        complete[type] = false;
        errors[type] = null;
      }
      status.set({ ready: false, valid: false, error: null });
    },
  };
}
