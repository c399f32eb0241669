// Checkout words shared by the controller and the adapters.

/** A 409 quote_changed (docs/api.md "Payment"): the prices are reloaded under this alert. */
export const PRICES_CHANGED_ALERT = "The prices on your quote have changed, so nothing was charged. Please check the updated total and try again.";
