// The tax rate port (issue 28): the combined sales tax at a postal code for one company, a
// fraction of the net price, or undefined when the company's table has none (the widget then
// keeps the configuration's serviceTax). GET /v1/tax and the server's amount check both ask
// it, so the two never disagree. The server's implementation reads the table the company
// imported (server/db/tax-rate-store.ts).
export interface TaxRatesPort {
  rateFor(companyId: string, postalCode: string, country?: string): Promise<number | undefined>;
}
