// Rule 2 (SPEC §3 Offer, §9): a block's offers lower the price of its lines.
// - Only offers without a programId, or with the block's programId, apply, in their given order.
// - 'first-app' touches the first chargeable line (not tooLateToDo); 'entire-program' every
//   chargeable line.
// - percentage-off x: net = round((100 − x) % of net); fixed-price and discounted-price-table a:
//   net = a, the price the company set, also when it is above the list price (SPEC §9 "set the
//   price to the amount"). An offer that leaves the price as it was is not applied (no "$0.00
//   off" text); a fixed price at or above the list price is applied without an "off" text.
// - Each applied offer adds a discountData entry: percentage-off {x percent, 1}, fixed-price
//   {gross − net after it, 2}, discounted-price-table {a, 3}. Measuring a fixed price against
//   the gross keeps one text per offer when an earlier first-app offer also touched line 1.
// - Texts name the line by its position among the listed lines (too-late ones included), with
//   block.applicationLabel: "20% off for the 1st application", "$29.00 for every application".
//   A hidden offer (hide) or a block with hideDiscountText still lowers the price, text null.
import type { Offer, PriceBlock, ServiceLineInput } from "../contract/quote-services.ts";
import { type Currency, formatMoney, toMinorUnits } from "./currency.ts";
import { scaleDecimal } from "./decimal.ts";
import { ordinal } from "./ordinal.ts";
import { PERCENT_SCALE, percentOf } from "./rounding.ts";
import type { DiscountData, Money } from "./types.ts";

export interface OfferedLine {
  gross: Money;
  net: Money;
  discountData: DiscountData[];
}

/** The offers that apply to this block, in their given order. */
export function selectOffers(block: PriceBlock): Offer[] {
  return block.offers.filter((offer) => !offer.programId || offer.programId === block.programId);
}

/** Each line's gross price, its net after the block's offers, and the offers it got. */
export function applyOffers(lines: ServiceLineInput[], block: PriceBlock, currency: Currency): OfferedLine[] {
  const offers = selectOffers(block);
  const firstChargeable = lines.findIndex((line) => !line.tooLateToDo);
  return lines.map((line, index) => {
    const gross = toMinorUnits(line.grossPrice, currency.code);
    let net = gross;
    const discountData: DiscountData[] = [];
    if (line.tooLateToDo) return { gross, net, discountData };
    for (const offer of offers) {
      if (offer.appliedTo === "first-app" && index !== firstChargeable) continue;
      const applied = applyOffer(offer, gross, net, currency);
      if (applied.net === net) continue;
      const noSaving = applied.data.dollarDiscount === 2 && applied.data.discountAmount <= 0;
      const silent = offer.hide || block.hideDiscountText || noSaving;
      const text = silent ? null : describeOffer(applied.data, offer, index + 1, block.applicationLabel, currency);
      discountData.push({ ...applied.data, text });
      net = applied.net;
    }
    return { gross, net, discountData };
  });
}

function applyOffer(offer: Offer, gross: Money, net: Money, currency: Currency): { net: Money; data: Omit<DiscountData, "text"> } {
  switch (offer.discountType) {
    case "percentage-off": {
      const percent = Math.min(100, offer.discountAmount);
      const kept = 100n * PERCENT_SCALE - scaleDecimal(percent, 4);
      return { net: percentOf(net, kept, currency.rounding), data: { discountAmount: percent, dollarDiscount: 1 } };
    }
    case "fixed-price": {
      const price = toMinorUnits(offer.discountAmount, currency.code);
      return { net: price, data: { discountAmount: gross - price, dollarDiscount: 2 } };
    }
    case "discounted-price-table": {
      const price = toMinorUnits(offer.discountAmount, currency.code);
      return { net: price, data: { discountAmount: price, dollarDiscount: 3 } };
    }
  }
}

function describeOffer(data: Omit<DiscountData, "text">, offer: Offer, position: number, label: string, currency: Currency): string {
  const forWhich = offer.appliedTo === "entire-program" ? `for every ${label}` : `for the ${ordinal(position)} ${label}`;
  const offWhich = offer.appliedTo === "entire-program" ? `every ${label}` : forWhich;
  if (data.dollarDiscount === 1) return `${data.discountAmount}% off ${offWhich}`;
  const money = formatMoney(data.discountAmount, currency.code);
  return data.dollarDiscount === 2 ? `${money} off ${offWhich}` : `${money} ${forWhich}`;
}
