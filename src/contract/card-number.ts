// The card number rule the stand-in providers check (server/payments/test-cards.ts): a card
// number's Luhn checksum. Pure; the widget never sees a card number (the providers' fields do).
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
