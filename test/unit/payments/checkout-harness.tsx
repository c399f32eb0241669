// The modal's part of checkout, for tests: the form in its slot and a 'Sign Up' button wired to
// the checkout the way ProposalModal's canSignUp and onSignUp are.
import type { ReactElement } from "react";
import { useCheckout, type CheckoutOptions } from "../../../src/ui/checkout/use-checkout.tsx";

function Modal(props: CheckoutOptions) {
  const checkout = useCheckout(props);
  return (
    <div>
      {checkout.form}
      <button type="button" className="qa-sign-up" disabled={!checkout.canPay} onClick={checkout.submit}>
        {props.config.bypassPayment ? "⚡ BUY NOW" : "Sign Up"}
      </button>
    </div>
  );
}

export const checkoutModal = (props: CheckoutOptions): ReactElement => <Modal {...props} />;
