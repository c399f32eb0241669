// The quote modal's stylesheet (proposal and checkout), shipped in the quote chunk and adopted
// after the widget's own (src/ui/styles.ts adoptLateStyles) when the chunk arrives.
import { CHECKOUT_CSS } from "../checkout/checkout-css.ts";
import { PROPOSAL_CSS } from "../proposal/proposal-css.ts";

export const QUOTE_CSS = `${PROPOSAL_CSS}\n${CHECKOUT_CSS}`;
