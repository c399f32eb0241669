// The device wallet (SPEC §7 POST /v1/payment/device): Apple Pay or Google Pay through the
// browser's Payment Request, by way of Stripe. Shown only where the browser offers a wallet;
// hidden (mount answers false) everywhere else. The button mounts like Stripe's card fields,
// in a light-DOM child of the host shown through a <slot>.
import { createLightDomSlot, type LightDomSlot } from "./light-dom-slot.ts";
import { loadStripeJs } from "./stripe-loader.ts";
import type { PaymentRequestLike, StripeElementLike, StripeLike } from "./stripe-subset.ts";

export interface DeviceWalletOptions {
  publishableKey: string;
  scriptUrl?: string;
  /** The Stripe account's country. */
  country: string;
  loadStripe?: (publishableKey: string, scriptUrl?: string) => Promise<StripeLike>;
}

export interface WalletCharge {
  /** ISO 4217 code. */
  currency: string;
  /** Minor units: exactly what GET STARTED TODAY shows. */
  amount: number;
  /** Shown by the wallet, e.g. the company's name. */
  label: string;
}

/** The wallet's token, and how to tell the wallet's sheet whether the payment went through. */
export type WalletTokenHandler = (token: string, complete: (succeeded: boolean) => void) => void;

export interface DeviceWallet {
  /** Resolves true when a wallet is offered and its button is on screen. */
  mount(target: { container: HTMLElement; host: HTMLElement | null }, charge: WalletCharge, onToken: WalletTokenHandler): Promise<boolean>;
  unmount(): void;
}

export function createDeviceWallet(options: DeviceWalletOptions): DeviceWallet {
  const load = options.loadStripe ?? loadStripeJs;
  let button: StripeElementLike | undefined;
  let slot: LightDomSlot | undefined;
  let generation = 0;

  return {
    async mount(target, charge, onToken) {
      const mine = ++generation;
      let stripe: StripeLike;
      let request: PaymentRequestLike;
      try {
        stripe = await load(options.publishableKey, options.scriptUrl);
        request = stripe.paymentRequest({
          country: options.country,
          currency: charge.currency.toLowerCase(),
          total: { label: charge.label, amount: charge.amount },
          requestPayerName: true,
          requestPayerEmail: true,
        });
        if (!(await request.canMakePayment())) return false;
      } catch (error) {
        console.error("[quote-assistant] the device wallet is unavailable", error);
        return false;
      }
      if (mine !== generation) return false;
      request.on("token", (event) => onToken(event.token.id, (succeeded) => event.complete(succeeded ? "success" : "fail")));
      button = stripe.elements().create("paymentRequestButton", { paymentRequest: request });
      slot = createLightDomSlot(target.host, target.container, "qa-wallet");
      button.mount(slot.element);
      return true;
    },
    unmount() {
      generation++;
      button?.destroy();
      slot?.remove();
      button = undefined;
      slot = undefined;
    },
  };
}
