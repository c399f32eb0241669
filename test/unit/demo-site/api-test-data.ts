// Request bodies the API tests share: a valid quote start for a new visitor, and the seeded
// demo customers of docs/api.md "Demo data".
export function newVisitorStart(overrides: { phoneNumber?: string; street?: string; postalCode?: string; quoteId?: string | null } = {}) {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    ...(overrides.quoteId === undefined ? {} : { quoteId: overrides.quoteId }),
    source: { code: "referral", description: "A friend or neighbor referred me" },
    referrer: "Jane Cooper",
    additionalSourceInfo: null,
    salesTaxRate: 7.5,
    customer: {
      firstName: "Kim",
      lastName: "Novak",
      phoneNumber: overrides.phoneNumber ?? "6145559001",
      email: "kim.novak@example.com",
      address: {
        street: overrides.street ?? "5565 Muirfield Drive",
        city: "Dublin",
        state: "OH",
        postalCode: overrides.postalCode ?? "43017",
        country: "US",
      },
    },
  };
}
