// The payment form in the quote modal's checkout step (SPEC §2, §4 'Modal and payment', §5, §8):
// the device wallet where offered, the processor's secure fields (its iframes; no card number,
// cvc or card expiry of Stripe's ever enters our DOM), the card vault's own expiry input, the
// provider's text under the form, the vault's success line, and a payment error as an alert.
// A view: state and actions come from the checkout controller (src/payments/checkout-controller.ts).
import { useEffect, useId, useRef, useSyncExternalStore, type FormEvent } from "react";
import { EXPIRY_MAX_LENGTH } from "../../payments/card-expiry.ts";
import type { CheckoutController } from "../../payments/checkout-controller.ts";
import type { CardField, MountTarget, PaymentAdapter } from "../../payments/payment-adapter.ts";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";

export interface CheckoutFormProps {
  controller: CheckoutController;
  /** The adapter's kind and fields (what the form lays out). */
  adapter: Pick<PaymentAdapter, "kind" | "fields">;
  /** The <quote-assistant> element: Stripe's fields and the wallet button mount in its light DOM. */
  host: HTMLElement | null;
  /** The form's own pay button; off when the modal's 'Sign Up' / '⚡ BUY NOW' button pays. */
  payButton?: { label: string } | null;
  words?: QuoteWords;
}

export function CheckoutForm({ controller, adapter, host, payButton = null, words = enQuote }: CheckoutFormProps) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const containers = useRef<Partial<Record<CardField["id"], HTMLElement>>>({});
  const walletRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    const target: MountTarget = { containers: { ...containers.current }, host };
    void controller.mount(target);
    const wallet = walletRef.current;
    if (wallet) void controller.mountWallet({ container: wallet, host });
    return () => controller.unmount();
  }, [controller, host]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void controller.submit();
  };

  const expiryHintId = `${id}-expiry-hint`;
  const expiryState = state.expiry?.status;
  const problemId = `${id}-problem`;

  return (
    <form className="qa-checkout" aria-label={words.payment} noValidate onSubmit={submit} aria-busy={state.charging}>
      <div className="qa-wallet" ref={walletRef} hidden={!state.walletAvailable} />
      {state.walletAvailable && adapter.fields.length > 0 && <p className="qa-checkout-or">{words.orCard}</p>}
      {adapter.fields.map((field) => {
        const fieldId = `${id}-${field.id}`;
        if (field.kind === "own-expiry") {
          return (
            <div key={field.id} className="qa-card-field">
              <label className="qa-field-label" htmlFor={fieldId}>
                {words.label(field.label)}
              </label>
              <input
                id={fieldId}
                className="qa-text qa-expiry"
                type="text"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
                maxLength={EXPIRY_MAX_LENGTH}
                value={state.expiryText}
                aria-invalid={expiryState === "expired" || expiryState === "missing" ? "true" : "false"}
                aria-describedby={expiryHintId}
                onChange={(event) => controller.typeExpiry(event.currentTarget.value)}
              />
              <p id={expiryHintId} className={`qa-expiry-hint qa-expiry-${expiryState ?? "empty"}`} aria-live="polite">
                {state.expiry ? words.label(state.expiry.message) : ""}
              </p>
            </div>
          );
        }
        return (
          <div key={field.id} className={`qa-card-field qa-card-field-${field.id}`}>
            <span className="qa-field-label" id={`${fieldId}-label`}>
              {words.label(field.label)}
            </span>
            <div
              className="qa-secure-field"
              role="group"
              aria-labelledby={`${fieldId}-label`}
              aria-describedby={problemId}
              ref={(element) => {
                if (element) containers.current[field.id] = element;
                else delete containers.current[field.id];
              }}
            />
          </div>
        );
      })}
      {/* Bypass and an unavailable processor are ready from the start: nothing to wait for. */}
      {!state.adapter.ready && !state.adapter.unavailable && (
        <p className="qa-checkout-loading" role="status">
          {words.cardLoading}
        </p>
      )}
      <p id={problemId} className="qa-provider-error" aria-live="polite">
        {state.providerError ? words.label(state.providerError) : ""}
      </p>
      {state.success && (
        <p className="qa-pay-success" role="status">
          {state.success}
        </p>
      )}
      {state.alert && (
        <p className="qa-pay-alert" role="alert">
          {words.label(state.alert)}
        </p>
      )}
      {payButton && (
        <button type="submit" className="qa-choice qa-choice-primary qa-pay" part="primary-button" disabled={!state.canPay}>
          {state.charging ? words.processing : payButton.label}
        </button>
      )}
    </form>
  );
}
