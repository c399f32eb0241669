// Raw HTTP for the production-entry tests (the unit setup's global fetch applies browser CORS
// rules), and the smallest quote and payment bodies the API takes. Self-contained on purpose.
import { request } from "node:http";

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  json: unknown;
}

export function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        const flat: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(res.headers)) flat[name] = Array.isArray(value) ? value.join(", ") : value;
        resolve({ status: res.statusCode ?? 0, headers: flat, text, json });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

export const VISITOR = {
  firstName: "Kimberly",
  lastName: "Novakowski",
  phoneNumber: "6145559321",
  email: "kim.novakowski@example.com",
  street: "5565 Muirfield Drive",
};

export function quoteStartBody(phoneNumber = VISITOR.phoneNumber) {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    source: { code: "referral", description: "A friend or neighbor referred me" },
    referrer: "Jane Cooper",
    additionalSourceInfo: null,
    salesTaxRate: 7.5,
    customer: {
      firstName: VISITOR.firstName,
      lastName: VISITOR.lastName,
      phoneNumber,
      email: VISITOR.email,
      address: { street: VISITOR.street, city: "Dublin", state: "OH", postalCode: "43017", country: "US" },
    },
  };
}

export function paymentBody(quoteId: string, token: string, amount = "50.00") {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    quoteId,
    expire_month: 1,
    expire_year: 2029,
    programs: [
      {
        id: "fert-1",
        programName: "Fertilizer & Weed Control",
        serviceType: "Fertilizer & Weed Control",
        applications: 6,
        prePayPrice: "270.00",
        totalProgramCost: "300.00",
        firstAppPrice: amount,
        applicationPrice: amount,
        term: "application",
        salesTax: "3.49",
        prePayDiscount: 10,
        pricingMethod: null,
        pricingPeriods: null,
        services: [{ grossPrice: amount, netPrice: "46.51", taxes: "3.49", tooLateToDo: false }],
        offers: [],
      },
    ],
    term: "application",
    amount,
    currency: "USD",
    paymentMethod: "stripe",
    paymentInfo: { token },
  };
}

/** The token each quote started here came with: POST /v1/quote/details answers only with it. */
export const startedQuoteTokens = new Map<string, string>();

export async function startQuote(base: string, phoneNumber?: string): Promise<string> {
  const answer = await call(`${base}/v1/quote/start`, { body: quoteStartBody(phoneNumber) });
  if (answer.status !== 200) throw new Error(`quote start: ${answer.status} ${answer.text}`);
  const { id, quoteToken } = answer.json as { id: string; quoteToken: string };
  startedQuoteTokens.set(id, quoteToken);
  return id;
}
