// What an alert e-mail says of its lead, read when it is sent (console/mail.ts), and the
// shown amount of a stored quote for the inbox: GET STARTED TODAY under the bot's configuration.
import { parseCompanyConfig } from "../../src/config/company-config.ts";
import { DEMO_URL_RULES } from "../company-files.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { StoredPricing } from "../db/quote-store.ts";
import type { Stores } from "../db/stores.ts";
import { shownAmount } from "../payments/server-amount.ts";
import { findTaxRate, UNKNOWN_TAX } from "../pricing/tax-rates.ts";
import type { TaxRateStore } from "../db/tax-rate-store.ts";
import { formatAddress, type AmountPricer } from "./console-store.ts";
import type { LeadSummary } from "./mail.ts";

/** Prices a quote's stored blocks as the visitor was shown them, for one company's bots. */
export const amountPricerFor =
  (companies: CompanyStore, taxRates: Pick<TaxRateStore, "rateFor">, companyId: string) =>
  async (botId: string): Promise<AmountPricer | undefined> => {
    const bot = await companies.findBot(companyId, botId);
    if (!bot) return undefined;
    // Stored configurations were checked when written; the rules here only decide URL checks.
    const parsed = parseCompanyConfig(JSON.parse(bot.config), DEMO_URL_RULES);
    if (!parsed.ok) return undefined;
    const config = parsed.config;
    return async (pricing, serviceTypes) => {
      if (!pricing) return undefined;
      try {
        const stored = JSON.parse(pricing) as StoredPricing;
        // The same rate the payment's amount check uses (payment-routes.ts).
        const rate = config.lookupZipCodeTax ? await findTaxRate(taxRates, companyId, stored.postalCode) : UNKNOWN_TAX;
        return shownAmount(config, stored, serviceTypes, rate);
      } catch {
        return undefined;
      }
    };
  };

export function createLeadFinder(stores: Pick<Stores, "quotes" | "console" | "companies" | "taxRates">) {
  return async (companyId: string, ref: { quoteId?: string; contactId?: string }): Promise<LeadSummary | undefined> => {
    const quoteId = ref.quoteId ?? (ref.contactId ? await stores.console.findQuoteIdByContact(companyId, ref.contactId) : undefined);
    const quote = quoteId ? await stores.quotes.find(companyId, quoteId) : undefined;
    if (!quote) return undefined;
    const paid = (await stores.console.payments(companyId, quote.id)).find((payment) => payment.status === "succeeded");
    const pricing = await stores.quotes.findPricing(companyId, quote.id);
    const pricer = pricing ? await amountPricerFor(stores.companies, stores.taxRates, companyId)(quote.botId) : undefined;
    const shown = await pricer?.(JSON.stringify(pricing), quote.serviceTypes);
    return {
      quoteId: quote.id,
      name: `${quote.customer.firstName} ${quote.customer.lastName}`.trim(),
      phoneNumber: quote.customer.phoneNumber,
      email: quote.customer.email ?? null,
      address: formatAddress(quote.customer.address),
      serviceTypes: quote.serviceTypes,
      amount: paid ? { value: paid.amount, currency: paid.currency, paid: true } : shown ? { value: shown.amount, currency: shown.currency, paid: false } : null,
    };
  };
}
