// The Prices page's 'what would this cost' (issue 25): a lawn size and a ZIP code priced the way
// a visitor's quote is, by the same code: the table's blocks (server/pricing/price-blocks.ts, as
// POST /v1/rtp/quote/services builds them), then each program alone under the company's default
// plan with the ZIP code's tax (server/payments/server-amount.ts, the payment's amount check).
// Every amount leaves here as a decimal string of the currency: nothing is summed as a float.
import * as v from "valibot";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import type { CalculatedProgram, Calculation } from "../../../src/contract/console-builder.ts";
import type { CompanyConfig } from "../../../src/config/company-config.ts";
import { defaultTerm } from "../../../src/config/pricing-settings.ts";
import { toMajorString } from "../../../src/pricing/currency.ts";
import type { StoredPricing } from "../../db/quote-store.ts";
import { priceChosen, taxPercentOf } from "../../payments/server-amount.ts";
import { priceQuote } from "../../pricing/price-blocks.ts";
import type { PricingTable } from "../../pricing/pricing-table-schema.ts";

export type { CalculatedProgram, Calculation };

export function calculatePrices(
  config: CompanyConfig,
  table: PricingTable,
  request: { size: number; postalCode: string; country: string; taxRate: number; widgetOrigin: string },
): Calculation {
  const priced = priceQuote(table, { estimate: request.size, serviceTypes: [], answers: {}, widgetOrigin: request.widgetOrigin });
  if (priced.status === "too-big") return { status: "too-big", unit: table.unit, largestBracket: priced.largestBracket };
  const stored: StoredPricing = { blocks: v.parse(PriceBlocksSchema, priced.blocks), postalCode: request.postalCode, country: request.country };
  const term = defaultTerm(config);
  const money = (minor: number) => toMajorString(minor, table.currency);
  // One block per program of the table, in its order (price-blocks.ts); internal ones are never offered.
  const programs = stored.blocks
    .map((block, i) => ({ block, programId: table.programs[i]!.id }))
    .filter(({ block }) => block.isUpsell)
    .flatMap(({ block, programId }): CalculatedProgram[] => {
      const result = priceChosen(config, stored, term, [block.id], request.taxRate);
      if (!result.ok) return [];
      const service = result.quote.services[0]!;
      return [
        {
          programId,
          serviceName: block.serviceName,
          serviceType: block.serviceType,
          firstApplication: money(service.firstAppPrice),
          perApplication: money(service.applicationPrice),
          programTotal: money(service.totalProgramCost),
          prePay: money(service.prePayPrice),
          dueToday: money(result.quote.amountDueToday),
          taxToday: money(service.todayTax),
        },
      ];
    });
  return { status: "ok", currency: table.currency, unit: table.unit, term, taxPercent: taxPercentOf(config, stored, request.taxRate), programs };
}
