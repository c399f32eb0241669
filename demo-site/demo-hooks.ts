// The demo's test hooks, which the production server never has (server/api/test-hooks.ts):
// - a quote start for postal code 00000 fails with 500 and stores nothing, so the widget's
//   start-quote failure path (SPEC §8: sqft-too-big, or call-the-office) can be walked end to end;
// - the drop-after-charge test card (4000 0000 0000 5126, docs/payments.md): charged, then the
//   connection is dropped without an answer, so the widget must learn the outcome by asking;
// - GET /demo-api/payment-log: what reached the backend for a quote (tests count requests).
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import { apiError } from "../server/api/api-error.ts";
import type { TestHooks } from "../server/api/test-hooks.ts";
import type { PaymentStore } from "../server/db/payment-store.ts";

export const FAILING_POSTAL_CODE = "00000";

/** Ends the response without an answer: the drop-after-charge test card's network failure. */
function dropConnection(c: Context): Response {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  incoming?.socket.destroy();
  return new Response(null, { status: 500 });
}

function postalCodeOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { customer?: { address?: { postalCode?: unknown } } } | null)?.customer?.address?.postalCode;
  } catch {
    return undefined;
  }
}

export function createDemoHooks(payments: PaymentStore): TestHooks {
  return {
    install(app) {
      app.post("/v1/quote/start", async (c, next) => {
        // The body is read once and kept: the quote route reads it again from Hono's cache.
        if (postalCodeOf(await c.req.text()) === FAILING_POSTAL_CODE) return apiError(c, 500, "simulated failure");
        await next();
      });
      app.get("/demo-api/payment-log", async (c) => {
        const companyId = c.req.query("companyId") ?? "";
        const quoteId = c.req.query("quoteId") ?? "";
        if (!companyId || !quoteId) return apiError(c, 400, "companyId and quoteId are required");
        const charges = (await payments.listPayments(companyId, quoteId)).map(({ idempotencyKey, endpoint, paymentMethod, amount, currency, status, transactionId }) => ({
          idempotencyKey,
          endpoint,
          paymentMethod,
          amount,
          currency,
          status,
          transactionId,
        }));
        return c.json({ requests: await payments.listRequests(companyId, quoteId), charges });
      });
    },
    afterCharge: (c, outcome) => (outcome === "drop-after-charge" ? dropConnection(c) : undefined),
  };
}
