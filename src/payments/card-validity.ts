// When the pay button may be pressed (SPEC §4 'Modal and payment', §5 card rules). Pure.

/** SPEC §5 stripe-style rule: number complete, cvc of at least 3 characters, expiry of at least 4. */
export function isStripeCardValid(card: { numberComplete: boolean; cvcLength: number; expiryLength: number }): boolean {
  return card.numberComplete && card.cvcLength >= 3 && card.expiryLength >= 4;
}

/** SPEC §4: the card is valid, the total to pay is above 0 and no charge is in progress. */
export function canPay(state: { cardValid: boolean; amountDue: number; charging: boolean }): boolean {
  return state.cardValid && state.amountDue > 0 && !state.charging;
}
