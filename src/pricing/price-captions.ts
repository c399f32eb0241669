// What each amount on a service's block is (issue 16): every figure before tax, as the
// summary's SUBTOTAL is (tax is the summary's own row), with the words that match it: today's
// payment, then each later one per application (the block's word: visit, treatment), per month
// (monthly payments, an upfront plan's recurring payment), or the whole season pre-paid. An
// offer sits on the payment it lowers.
import type { Money, PricedService, Term } from "./types.ts";

export interface PriceCaption {
  amount: Money;
  /** "today", "per visit", "per month", "every 3 months", "for the season". */
  caption: string;
  /** The offers this amount includes. */
  offers: string[];
}

/** `monthly`: the company's autopay is monthly-payment (the quote has a period label). */
export function priceCaptions(service: PricedService, term: Term, monthly: boolean): PriceCaption[] {
  const texts = (lines: PricedService["lines"]) =>
    [...new Set(lines.flatMap((line) => line.discountData.flatMap((data) => (data.text ? [data.text] : []))))];
  const charged = service.lines.filter((line) => !line.tooLateToDo);
  const all = texts(charged);
  if (term === "total") return [{ amount: service.prePayNet ?? service.prePayPrice, caption: "for the season", offers: all }];
  const first = charged[0];
  const upfront = first?.usesUpfrontPricing === true;
  if (monthly && !upfront) {
    // The program's price split into months: its offers are in every payment.
    return [
      { amount: service.todayNet, caption: "today", offers: all },
      ...(service.installment > 0 ? [{ amount: service.installmentNet, caption: "per month", offers: [] }] : []),
    ];
  }
  const today = texts(first ? [first] : []);
  const period = first?.recurringPeriod ?? 1;
  const later = upfront ? (period > 1 ? `every ${period} months` : "per month") : `per ${service.block.applicationLabel}`;
  return [
    { amount: service.todayNet, caption: "today", offers: today },
    ...(service.installment > 0 ? [{ amount: service.installmentNet, caption: later, offers: all.filter((text) => !today.includes(text)) }] : []),
  ];
}
