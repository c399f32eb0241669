// The vault origin: stand-ins for the card vault provider (its script at /v1/vault.js, the
// sandbox's at /sandbox/v1/vault.js, secure field frames, tokenization) and for Stripe.js
// (/stripe/v3.js, served in place of js.stripe.com). Card numbers live only in this origin's
// frames and its tokenize endpoints; the widget's page gets tokens.
import { fileURLToPath } from "node:url";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { PaymentStore } from "../../server/db/payment-store.ts";
import { createScriptBundle, SCRIPT_HEADERS } from "../payments/bundle-script.ts";
import { htmlPage } from "../payments/html-response.ts";
import { ALL_FIELDS, FIELDS, PROVIDERS, type FieldName, type Provider } from "../vault/stand-in-messages.ts";
import { StripeTokenBodySchema, tokenizeForStripe, tokenizeForVault, VaultTokenizeBodySchema } from "../vault/tokenize.ts";
import { FIELD_CSS, FIELD_PAGE_CSP, renderFieldPage, renderVaultFrontPage } from "../vault/vault-pages.ts";

const entry = (name: string) => fileURLToPath(new URL(`../vault/${name}`, import.meta.url));

export interface VaultOriginOptions {
  payments: PaymentStore;
  now?: () => Date;
}

async function readJson(c: Context): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    return undefined;
  }
}

export function createVaultOrigin(options: VaultOriginOptions): Hono {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const vaultScript = createScriptBundle(entry("vault-script.ts"));
  const stripeScript = createScriptBundle(entry("stripe-stand-in.ts"));
  const fieldScript = createScriptBundle(entry("field-frame.ts"));

  app.get("/", async (c) => c.html(renderVaultFrontPage().toString()));
  app.get("/healthz", async (c) => c.json({ ok: true, origin: "vault" }));

  // Production and sandbox hosts of a real vault differ; here they differ by path.
  app.get("/v1/vault.js", async (c) => c.body(await vaultScript(), 200, SCRIPT_HEADERS));
  app.get("/sandbox/v1/vault.js", async (c) => c.body(await vaultScript(), 200, SCRIPT_HEADERS));
  app.get("/stripe/v3.js", async (c) => c.body(await stripeScript(), 200, SCRIPT_HEADERS));
  app.get("/fields.js", async (c) => c.body(await fieldScript(), 200, SCRIPT_HEADERS));
  app.get("/fields.css", async (c) => c.body(FIELD_CSS, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" }));

  app.get("/fields/:provider/:field", async (c) => {
    const provider = c.req.param("provider");
    const field = c.req.param("field");
    if (!v.is(v.picklist(PROVIDERS), provider) || !v.is(v.picklist(ALL_FIELDS), field)) return c.text("no such field", 404);
    if (!(FIELDS[provider] as readonly string[]).includes(field)) return c.text("no such field", 404);
    return htmlPage(renderFieldPage({ provider: provider as Provider, field: field as FieldName }).toString(), {
      "Content-Security-Policy": FIELD_PAGE_CSP,
      "Cache-Control": "no-store",
    });
  });

  app.post("/v1/tokenize", async (c) => {
    const body = v.safeParse(VaultTokenizeBodySchema, await readJson(c));
    if (!body.success) return c.json({ error: "The card details are incomplete." }, 400);
    return c.json(await tokenizeForVault(body.output, options.payments, now()));
  });

  app.post("/stripe/v1/tokens", async (c) => {
    const body = v.safeParse(StripeTokenBodySchema, await readJson(c));
    if (!body.success) return c.json({ error: { type: "card_error", code: "incomplete", message: "Your card details are incomplete." } }, 400);
    return c.json(tokenizeForStripe(body.output, now()));
  });

  app.onError((error, c) => {
    console.error(`[vault] ${c.req.method} ${c.req.path} failed:`, error);
    return c.text("card vault failed", 500);
  });
  return app;
}
