// When the pay button may be pressed (SPEC §4 'Modal and payment', §5 card rules). Pure.

/** SPEC §5 stripe-style rule: number complete, cvc of at least 3 characters, expiry of at least 4. */
export function isStripeCardValid(card: { numberComplete: boolean; cvcLength: number; expiryLength: number }): boolean {
  return card.numberComplete && card.cvcLength >= 3 && card.expiryLength >= 4;
}

/** SPEC §4: the card is valid, the total to pay is above 0 and no charge is in progress. */
export function canPay(state: { cardValid: boolean; amountDue: number; charging: boolean }): boolean {
  return state.cardValid && state.amountDue > 0 && !state.charging;
}

/** Luhn checksum over the digits of a card number (used by the stand-in providers and their tests). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
