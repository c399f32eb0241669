// One interface for every way to pay (SPEC §9 card processors, bypassPayment): the checkout
// mounts an adapter's fields, listens to its validity, asks it for a token when the visitor
// pays, and unmounts it. Card data stays inside the providers' frames: an adapter hands out
// tokens only.
import type { PaymentMethod, ProcessorKind } from "../contract/payment-processors.ts";
import type { YearMonth } from "./card-expiry.ts";

/**
 * A place on the form. `provider`: the provider's frame goes in the container; `own-expiry`:
 * the checkout renders its own expiry input (the card vault's flow, SPEC §5).
 */
export interface CardField {
  id: "number" | "expiry" | "cvc" | "frame";
  label: string;
  kind: "provider" | "own-expiry";
}

export interface AdapterStatus {
  /** The provider's fields are on screen and usable. */
  ready: boolean;
  /** The provider's fields are complete and valid (the own expiry input is checked by the checkout). */
  valid: boolean;
  /** The provider's error text, shown under the form; null when there is none. */
  error: string | null;
  /** The adapter cannot take a payment at all (no crm id, the provider failed to load). */
  unavailable: boolean;
}

export const INITIAL_STATUS: AdapterStatus = { ready: false, valid: false, error: null, unavailable: false };

export interface MountTarget {
  /** One element per `provider` field, inside the widget's shadow root. */
  containers: Partial<Record<CardField["id"], HTMLElement>>;
  /**
   * The <quote-assistant> element. Stripe refuses to mount inside a shadow root, so its fields
   * mount in light-DOM children of the host, shown in the containers through <slot>s.
   */
  host: HTMLElement | null;
}

export type TokenizeResult =
  | {
      ok: true;
      /** The provider's token; null for bypass. */
      token: string | null;
      /** real-green: the payment session's token and the customer's CRM id. */
      paymentToken?: string;
      crmId?: string;
      /** Card expiry for the payment call: the vault's own input, the CRM frame's, else SPEC §5's default 1/2029. */
      expiry: YearMonth;
      /** The card vault's transaction id, for 'Data submitted successfully with transaction # {id}'. */
      vaultTransactionId?: string;
    }
  | { ok: false; error: string };

export interface PaymentAdapter {
  readonly kind: ProcessorKind;
  readonly paymentMethod: PaymentMethod;
  /** The form's places, in order; empty when no card is taken (bypass). */
  readonly fields: readonly CardField[];
  mount(target: MountTarget): Promise<void>;
  status(): AdapterStatus;
  /** Calls `listener` on every change; returns the function that stops it. */
  onStatus(listener: (status: AdapterStatus) => void): () => void;
  /** `expiry`: the own expiry input's month and year (card vault only). */
  tokenize(input: { expiry?: YearMonth }): Promise<TokenizeResult>;
  /** Stripe only: runs the bank's check (3-D Secure) the server asked for; the server then learns the outcome. */
  handleNextAction?(clientSecret: string): Promise<{ ok: true } | { ok: false; error: string }>;
  unmount(): void;
}

/** Holds an adapter's status and tells its listeners; every adapter uses one. */
export function createStatusHolder(initial: AdapterStatus = INITIAL_STATUS) {
  let current = initial;
  const listeners = new Set<(status: AdapterStatus) => void>();
  return {
    get: () => current,
    set(patch: Partial<AdapterStatus>) {
      current = { ...current, ...patch };
      for (const listener of [...listeners]) listener(current);
    },
    subscribe(listener: (status: AdapterStatus) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
