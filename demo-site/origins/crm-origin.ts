// The CRM origin: a stand-in for Real Green's payment frame. The widget opens
// `/payment-frame?token=…&id=…&parent={origin}` with a session from
// POST /v1/quote/crm/realgreen/payment; the frame tokenizes the card here (POST /v1/tokenize)
// and posts the token to `parent` only (src/payments/crm-frame-messages.ts).
import { fileURLToPath } from "node:url";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { PaymentStore } from "../../server/db/payment-store.ts";
import { PAYMENT_FRAME_CSP, PAYMENT_FRAME_CSS, renderPaymentFramePage } from "../crm/payment-frame-page.ts";
import { renderStandInPage } from "../pages/stand-in-page.ts";
import { createScriptBundle, SCRIPT_HEADERS } from "../payments/bundle-script.ts";
import { htmlPage } from "../payments/html-response.ts";
import { checkTestCard } from "../../server/payments/test-cards.ts";
import { newCardToken } from "../vault/tokenize.ts";

export interface CrmOriginOptions {
  payments: PaymentStore;
  now?: () => Date;
}

const CrmTokenizeBodySchema = v.object({
  sessionToken: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  number: v.pipe(v.string(), v.maxLength(19)),
  cvv: v.pipe(v.string(), v.maxLength(4)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
});

async function readJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    return undefined;
  }
}

export function createCrmOrigin(options: CrmOriginOptions): Hono {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const frameScript = createScriptBundle(fileURLToPath(new URL("../crm/payment-frame.ts", import.meta.url)));

  const openSession = async (token: string) => {
    const session = await options.payments.findRealGreenSession(token);
    return session && new Date(session.expiresAt) > now() ? session : undefined;
  };

  app.get("/", async (c) =>
    c.html(
      renderStandInPage({
        role: "crm",
        title: "CRM payment frame",
        description: "Stands in for the customer-management system's payment frame (at /payment-frame) and customer portal.",
      }).toString(),
    ),
  );
  app.get("/healthz", async (c) => c.json({ ok: true, origin: "crm" }));

  app.get("/payment-frame", async (c) => {
    const session = await openSession(c.req.query("token") ?? "");
    return htmlPage(renderPaymentFramePage({ session: session ? { id: session.id, amount: session.amount } : null }).toString(), {
      "Content-Security-Policy": PAYMENT_FRAME_CSP,
      "Cache-Control": "no-store",
    });
  });
  app.get("/payment-frame.js", async (c) => c.body(await frameScript(), 200, SCRIPT_HEADERS));
  app.get("/payment-frame.css", async (c) => c.body(PAYMENT_FRAME_CSS, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" }));

  app.post("/v1/tokenize", async (c) => {
    const body = v.safeParse(CrmTokenizeBodySchema, await readJson(c));
    if (!body.success) return c.json({ error: "The card details are incomplete." }, 400);
    const { sessionToken, number, cvv, expiryMonth, expiryYear } = body.output;
    if (!(await openSession(sessionToken))) return c.json({ error: "This payment session has expired. Please close and reopen the checkout." });
    const card = checkTestCard(number, cvv);
    if (!card.ok) return c.json({ error: card.message });
    const today = now();
    if (expiryYear < today.getFullYear() || (expiryYear === today.getFullYear() && expiryMonth < today.getMonth() + 1)) {
      return c.json({ error: "Your card is expired" });
    }
    const token = newCardToken("crm");
    await options.payments.saveCardToken({
      token,
      issuer: "crm",
      scope: sessionToken,
      outcome: card.outcome,
      brand: card.brand,
      last4: card.last4,
      expMonth: expiryMonth,
      expYear: expiryYear,
      used: false,
      createdAt: today.toISOString(),
    });
    return c.json({ token });
  });

  app.onError((error, c) => {
    console.error(`[crm] ${c.req.method} ${c.req.path} failed:`, error);
    return c.text("CRM payment frame failed", 500);
  });
  return app;
}
