// Rule 5 (SPEC §3 prePayDiscount, §9 'pre-pay discount is percent off the pre-pay total'):
// pre-paying bills the pre-pay lines (or the application lines when there are none) with the
// same offers; the discount is round(net total × prePayDiscount / 100), and tax is charged on
// what remains.
import type { PriceBlock } from "../contract/quote-services.ts";
import type { Currency } from "./currency.ts";
import { scaleDecimal } from "./decimal.ts";
import { isChargeable, priceLines } from "./lines.ts";
import { percentOf, sumMoney } from "./rounding.ts";
import { type TaxRate, taxOf } from "./tax.ts";
import type { Money, PricedLine } from "./types.ts";

export interface PrePay {
  lines: PricedLine[];
  /** Σ net of the chargeable lines, before the pre-pay discount. */
  netTotal: Money;
  /** The pre-pay discount in money. */
  discount: Money;
  /** netTotal − discount, and its tax. */
  net: Money;
  tax: Money;
  /** net + tax: what pre-paying charges today. */
  price: Money;
}

export function pricePrePay(block: PriceBlock, currency: Currency, rate: TaxRate): PrePay {
  const inputs = block.services.prePay.length > 0 ? block.services.prePay : block.services.application;
  const lines = priceLines(inputs, block, currency, rate);
  const netTotal = sumMoney(lines.filter(isChargeable).map((line) => line.netPrice));
  const percent = scaleDecimal(Math.min(100, Math.max(0, block.prePayDiscount)), 4);
  const discount = percentOf(netTotal, percent, currency.rounding);
  const net = netTotal - discount;
  const tax = taxOf(net, rate, currency.rounding);
  return { lines, netTotal, discount, net, tax, price: net + tax };
}
