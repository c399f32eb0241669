// bypassPayment (SPEC §2, §3): '⚡ BUY NOW' with no card. The payment call records the sale
// with paymentMethod "bypass" and no token.
import { DEFAULT_EXPIRY } from "./card-expiry.ts";
import { createStatusHolder, type PaymentAdapter } from "./payment-adapter.ts";

export function createBypassAdapter(): PaymentAdapter {
  const status = createStatusHolder({ ready: true, valid: true, error: null, unavailable: false });
  return {
    kind: "bypass",
    paymentMethod: "bypass",
    fields: [],
    mount: () => Promise.resolve(),
    status: status.get,
    onStatus: status.subscribe,
    tokenize: () => Promise.resolve({ ok: true, token: null, expiry: { ...DEFAULT_EXPIRY } }),
    unmount() {},
  };
}

/** A processor the company chose but did not set up: the checkout says so and takes no payment. */
export function createUnavailableAdapter(kind: PaymentAdapter["kind"], message: string): PaymentAdapter {
  const status = createStatusHolder({ ready: true, valid: false, error: message, unavailable: true });
  return {
    kind,
    paymentMethod: kind,
    fields: [],
    mount: () => Promise.resolve(),
    status: status.get,
    onStatus: status.subscribe,
    tokenize: () => Promise.resolve({ ok: false, error: message }),
    unmount() {},
  };
}
