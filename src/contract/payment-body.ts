// The body of POST /v1/secure/payment and /v1/payment/device (SPEC §7), built from the priced
// quote. Pure. Every amount is the pricing engine's integer minor units written as a decimal
// string (toMajorString), so `amount` is exactly what GET STARTED TODAY shows.
import type { PaymentBody, PaymentMethod, PaymentProgram } from "./payment-contract.ts";
import type { PricedQuote, PricedService } from "../pricing/types.ts";
import { toMajorString } from "../pricing/currency.ts";

export interface PaymentParts {
  companyId: string;
  botId: string;
  quoteId: string;
  paymentMethod: PaymentMethod;
  /** The provider's token; null for bypass. */
  token: string | null;
  paymentToken?: string;
  crmId?: string;
  /** The card's expiry: month 1-12, four-digit year (src/payments/card-expiry.ts's YearMonth). */
  expiry: { year: number; month: number };
}

function programOf(service: PricedService, quote: PricedQuote): PaymentProgram {
  const { block } = service;
  const term = quote.totals.term;
  const money = (minor: number) => toMajorString(minor, quote.currency);
  const lines = term === "total" ? (service.prePayLines ?? service.lines) : service.lines;
  // The block's pricing entry for the chosen term, else its first one.
  const pricing = block.pricing.find((entry) => entry.frequencyType === term) ?? block.pricing[0];
  return {
    id: block.id,
    programName: block.serviceName,
    serviceType: block.serviceType,
    applications: service.lines.filter((line) => !line.tooLateToDo).length,
    prePayPrice: money(service.prePayPrice),
    totalProgramCost: money(service.totalProgramCost),
    firstAppPrice: money(service.firstAppPrice),
    applicationPrice: money(service.applicationPrice),
    term,
    salesTax: money(service.todayTax),
    prePayDiscount: block.prePayDiscount,
    pricingMethod: pricing?.pricingMethod ?? null,
    pricingPeriods: pricing?.pricingPeriods ?? null,
    services: lines.map((line) => ({
      grossPrice: money(line.grossPrice),
      netPrice: money(line.netPrice),
      taxes: money(line.taxes),
      tooLateToDo: line.tooLateToDo,
    })),
    offers: block.offers,
  };
}

export function buildPaymentBody(quote: PricedQuote, parts: PaymentParts): PaymentBody {
  return {
    companyId: parts.companyId,
    botId: parts.botId,
    quoteId: parts.quoteId,
    expire_month: parts.expiry.month,
    expire_year: parts.expiry.year,
    programs: quote.services.map((service) => programOf(service, quote)),
    term: quote.totals.term,
    amount: toMajorString(quote.amountDueToday, quote.currency),
    currency: quote.currency,
    paymentMethod: parts.paymentMethod,
    paymentInfo: {
      token: parts.token,
      ...(parts.paymentToken === undefined ? {} : { paymentToken: parts.paymentToken }),
      ...(parts.crmId === undefined ? {} : { crmId: parts.crmId }),
    },
  };
}
