// Service lines (SPEC §3 service line): each application's gross price, its net after offers,
// its tax, and for upfront-priced lines the upfront and recurring payments with their tax.
import type { PriceBlock, ServiceLineInput } from "../contract/quote-services.ts";
import { type Currency, toMinorUnits } from "./currency.ts";
import { applyOffers } from "./offers.ts";
import { type TaxRate, taxOf } from "./tax.ts";
import type { Money, PricedLine } from "./types.ts";
import { isChargeable } from "./chargeable.ts";

export { isChargeable };

/**
 * Prices the lines of one list (application or pre-pay). A too-late line keeps its own price
 * and tax for display but gets no offer and counts in no sum. An upfront-priced line (rule 4)
 * charges upfrontPrice (default: its own net) and then recurringPrice (default: the net of
 * the next chargeable line, or its own when it is the last); lines without upfront pricing
 * carry zeros there.
 */
export function priceLines(inputs: ServiceLineInput[], block: PriceBlock, currency: Currency, rate: TaxRate): PricedLine[] {
  const offered = applyOffers(inputs, block, currency);
  const tax = (amount: Money) => taxOf(amount, rate, currency.rounding);
  return inputs.map((input, index) => {
    const { gross, net, discountData } = offered[index]!;
    let upfrontPrice = 0;
    let recurringPrice = 0;
    if (input.usesUpfrontPricing) {
      const next = offered.find((line, later) => later > index && isChargeable(inputs[later]!));
      upfrontPrice = input.upfrontPrice === undefined ? net : toMinorUnits(input.upfrontPrice, currency.code);
      recurringPrice = input.recurringPrice === undefined ? (next ?? offered[index]!).net : toMinorUnits(input.recurringPrice, currency.code);
    }
    return {
      grossPrice: gross,
      netPrice: net,
      taxes: tax(net),
      tooLateToDo: input.tooLateToDo,
      usesUpfrontPricing: input.usesUpfrontPricing,
      upfrontPrice,
      upfrontPriceTax: tax(upfrontPrice),
      recurringPrice,
      recurringPriceTax: tax(recurringPrice),
      recurringPeriod: input.recurringPeriod ?? 1,
      discountData,
    };
  });
}
