// The payment adapters against the demo's stand-in providers, in real Chromium and across real
// origins: a shop page (its own origin) mounts the widget's adapter code in a shadow root; the
// card vault's fields, the Stripe stand-in's elements and the CRM payment frame run on their
// own origins; the visitor types into their iframes; the tokens pay at the reference backend.
// No card number ever reaches the shop page's DOM or its requests.
// Over 300 lines on purpose: one journey per payment adapter, each through its own origin's frames, sharing one demo site.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { build } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";
import type { DemoSite } from "../../demo-site/server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { newVisitorStart } from "../server/demo-site/api-test-data.ts";
import { httpRequest, postJson } from "../server/demo-site/http-client.ts";
import { pricedPaymentBody, pricedRealGreenQuote } from "../server/demo-site/priced-payment.ts";
import { startE2ESite } from "./harness.ts";

/**
 * The shop: a page of its own on 127.0.0.1, another origin than every stand-in (localhost), and
 * a real loopback server like them, so Chromium's private network rules let it load their
 * scripts and frames.
 */
let SHOP = "";
let shopServer: Server;
const CARD = "4242424242424242";
const skip = existsSync(CHROMIUM_PATH) ? false : `no Chromium at ${CHROMIUM_PATH}`;

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url));

/** The widget's own adapter code, bundled for the shop page as window.payments. */
async function bundleAdapters(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { createCardVaultAdapter } from ${JSON.stringify(src("payments/card-vault-adapter.ts"))};
        import { createCrmFrameAdapter } from ${JSON.stringify(src("payments/crm-frame-adapter.ts"))};
        import { createStripeAdapter } from ${JSON.stringify(src("payments/stripe-adapter.ts"))};
        import { createApiClient } from ${JSON.stringify(src("api/client.ts"))};
        window.payments = { createCardVaultAdapter, createCrmFrameAdapter, createStripeAdapter, createApiClient };
      `,
      resolveDir: fileURLToPath(new URL("../../", import.meta.url)),
      loader: "ts",
    },
    bundle: true,
    write: false,
    format: "iife",
    target: ["es2022"],
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

const SHOP_PAGE = `<!doctype html><html lang="en"><head><title>Shop</title><meta name="quote-assistant-dev-origins" content="loopback"><script src="/payments.js"></script></head>
<body><quote-host></quote-host></body></html>`;

let site: DemoSite;
let browser: Browser;
let adapters: string;

before(async () => {
  if (skip) return;
  site = await startE2ESite();
  adapters = await bundleAdapters();
  shopServer = createServer((req, res) => {
    const script = req.url === "/payments.js";
    res.writeHead(200, { "Content-Type": script ? "text/javascript" : "text/html" });
    res.end(script ? adapters : SHOP_PAGE);
  });
  await new Promise<void>((resolve) => shopServer.listen(0, "127.0.0.1", resolve));
  SHOP = `http://127.0.0.1:${(shopServer.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
after(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((resolve) => (shopServer ? shopServer.close(resolve) : resolve(undefined)));
});

interface ShopPage {
  page: Page;
  /** Everything the shop page's own frame sent. */
  shopRequests: string[];
}

async function openShop(): Promise<ShopPage> {
  const context = await browser.newContext();
  // tsx names the functions it compiles with a helper the page lacks; page.evaluate needs it there.
  await context.addInitScript("window.__name = (fn) => fn;");
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const shopRequests: string[] = [];
  page.on("request", (request) => {
    if (request.frame() === page.mainFrame()) shopRequests.push(`${request.method()} ${request.url()} ${request.postData() ?? ""}`);
  });
  page.on("pageerror", (error) => {
    throw new Error(`page error: ${error.message}`);
  });
  await page.goto(`${SHOP}/checkout`);
  // A host element with an open shadow root holding the form's containers, as the widget has.
  await page.evaluate(() => {
    const host = document.querySelector("quote-host")!;
    const root = host.attachShadow({ mode: "open" });
    for (const id of ["number", "expiry", "cvc", "frame"]) {
      const container = document.createElement("div");
      container.id = id;
      root.appendChild(container);
    }
  });
  return { page, shopRequests };
}

/** The shop page's whole DOM, shadow root included. */
const shopDom = (page: Page) => page.evaluate(() => document.documentElement.outerHTML + document.querySelector("quote-host")!.shadowRoot!.innerHTML);

/** The company whose processor takes each method (the backend refuses another processor's token), and an address it prices. */
const PAYING = {
  "card-vault": { companyId: "thames-lawns", botId: "garden", estimate: 240, address: { street: "14 Church Road", city: "London", state: "England", postalCode: "SW13 9AA", country: "GB" } },
  "real-green": { companyId: "greenway-lawn", botId: "lawn", estimate: 6000, address: { street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" } },
} as const;
type Method = keyof typeof PAYING;

async function startQuote(method: Method): Promise<string> {
  const { companyId, botId, address } = PAYING[method];
  const phone = `61455${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
  const start = newVisitorStart({ phoneNumber: phone, street: address.street, postalCode: address.postalCode });
  const { json } = await postJson(`${site.urls.widget}/v1/quote/start`, { ...start, companyId, botId, source: null, referrer: null, customer: { ...start.customer, address } });
  return (json as { id: string }).id;
}

/** Pays the quote as the widget would, priced first (the backend recomputes the amount). */
async function pay(quoteId: string, paymentMethod: Method, paymentInfo: { token?: string; paymentToken?: string; crmId?: string }) {
  const { companyId, botId, address, estimate } = PAYING[paymentMethod];
  const body = await pricedPaymentBody(
    { api: site.urls.widget, companyId, botId, quoteId, address, estimate },
    { paymentMethod, token: paymentInfo.token ?? null, ...(paymentInfo.paymentToken ? { paymentToken: paymentInfo.paymentToken } : {}), ...(paymentInfo.crmId ? { crmId: paymentInfo.crmId } : {}) },
  );
  const response = await httpRequest(`${site.urls.widget}/v1/secure/payment`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
  return JSON.parse(response.body) as { status?: string; error?: string };
}

const waitForStatus = (page: Page, predicate: string) =>
  page.waitForFunction(`(() => { const s = window.adapter.status(); return ${predicate}; })()`);

describe("the card vault stand-in, across origins", { skip }, () => {
  async function mountVault(shop: ShopPage) {
    await shop.page.evaluate(
      async ({ vault }) => {
        const { createCardVaultAdapter } = (window as never as { payments: typeof import("../../src/payments/card-vault-adapter.ts") }).payments;
        const root = document.querySelector("quote-host")!.shadowRoot!;
        const adapter = createCardVaultAdapter({ scriptUrl: `${vault}/sandbox/v1/vault.js`, merchantId: "test_greenway" });
        (window as never as { adapter: typeof adapter }).adapter = adapter;
        await adapter.mount({ containers: { number: root.getElementById("number")!, cvc: root.getElementById("cvc")! }, host: null });
      },
      { vault: site.urls.vault },
    );
    await waitForStatus(shop.page, "s.ready");
  }

  test("secure fields on the vault's origin; typing makes the card valid; the token pays; no card number on the shop's side", async () => {
    const shop = await openShop();
    const { page } = shop;
    await mountVault(shop);
    const frames = await page.evaluate(() => [...document.querySelector("quote-host")!.shadowRoot!.querySelectorAll("iframe")].map((f) => new URL(f.src).origin));
    assert.deepEqual(frames, [site.urls.vault, site.urls.vault]);

    await page.frameLocator("iframe[title='Card number (secure field)']").locator("input").pressSequentially(CARD);
    await waitForStatus(page, "!s.valid");
    await page.frameLocator("iframe[title='CVV (secure field)']").locator("input").pressSequentially("123");
    await waitForStatus(page, "s.valid");

    const result = await page.evaluate(() => (window as never as { adapter: { tokenize(i: unknown): Promise<{ ok: boolean; token?: string; vaultTransactionId?: string }> } }).adapter.tokenize({ expiry: { month: 12, year: 2030 } }));
    assert.equal(result.ok, true);
    assert.match(result.token ?? "", /^vtx_/);
    assert.equal(result.vaultTransactionId, result.token);

    const paid = await pay(await startQuote("card-vault"), "card-vault", { token: result.token });
    assert.equal(paid.status, "succeeded");

    assert.ok(!(await shopDom(page)).includes(CARD));
    assert.ok(!shop.shopRequests.some((request) => request.includes(CARD) || request.includes("4242 4242")), shop.shopRequests.join("\n"));
    await page.context().close();
  });

  test("a bad number stays invalid and the vault's own words come back from tokenize", async () => {
    const shop = await openShop();
    const { page } = shop;
    await mountVault(shop);
    // The fields' word on each keystroke, heard by the page after the vault's script (its listener came first).
    await page.evaluate(() => {
      const heard = ((window as never as { heard: { number: number; cvv: number } }).heard = { number: 0, cvv: 0 });
      addEventListener("message", (event) => {
        const data = event.data as { type?: string; field?: string } | null;
        if (data?.type === "field" && (data.field === "number" || data.field === "cvv")) heard[data.field]++;
      });
    });
    await page.frameLocator("iframe[title='Card number (secure field)']").locator("input").pressSequentially("4242424242424241");
    await page.frameLocator("iframe[title='CVV (secure field)']").locator("input").pressSequentially("123");
    // Every keystroke's word has reached the vault's script: what it says now is its last word.
    await page.waitForFunction(() => {
      const heard = (window as never as { heard: { number: number; cvv: number } }).heard;
      return heard.number >= 16 && heard.cvv >= 3;
    });
    assert.equal(await page.evaluate(() => (window as never as { adapter: { status(): { valid: boolean } } }).adapter.status().valid), false);
    const result = await page.evaluate(() => (window as never as { adapter: { tokenize(i: unknown): Promise<unknown> } }).adapter.tokenize({ expiry: { month: 12, year: 2030 } }));
    assert.deepEqual(result, { ok: false, error: "Your card number is invalid." });
    await page.context().close();
  });

  test("the decline card tokenizes, and the backend declines it", async () => {
    const shop = await openShop();
    const { page } = shop;
    await mountVault(shop);
    await page.frameLocator("iframe[title='Card number (secure field)']").locator("input").pressSequentially("4000000000000002");
    await page.frameLocator("iframe[title='CVV (secure field)']").locator("input").pressSequentially("123");
    await waitForStatus(page, "s.valid");
    const result = await page.evaluate(() => (window as never as { adapter: { tokenize(i: unknown): Promise<{ token: string }> } }).adapter.tokenize({ expiry: { month: 12, year: 2030 } }));
    assert.deepEqual(await pay(await startQuote("card-vault"), "card-vault", { token: result.token }), { error: "Your card was declined.", code: "card_declined" });
    await page.context().close();
  });
});

describe("the Stripe stand-in, served in place of js.stripe.com", { skip }, () => {
  test("elements mount in light-DOM children of the host shown through slots; typing a test card gives its Stripe test token", async () => {
    const shop = await openShop();
    const { page } = shop;
    const stripeRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("js.stripe.com")) stripeRequests.push(request.url());
    });
    await page.evaluate(
      async ({ vault }) => {
        const { createStripeAdapter } = (window as never as { payments: typeof import("../../src/payments/stripe-adapter.ts") }).payments;
        const host = document.querySelector("quote-host") as HTMLElement;
        const root = host.shadowRoot!;
        const adapter = createStripeAdapter({ publishableKey: "pk_test_greenway", scriptUrl: `${vault}/stripe/v3.js` });
        (window as never as { adapter: typeof adapter }).adapter = adapter;
        await adapter.mount({ containers: { number: root.getElementById("number")!, expiry: root.getElementById("expiry")!, cvc: root.getElementById("cvc")! }, host });
      },
      { vault: site.urls.vault },
    );
    await waitForStatus(page, "s.ready");
    const layout = await page.evaluate(() => {
      const host = document.querySelector("quote-host")!;
      return {
        light: [...host.children].map((child) => [child.getAttribute("slot"), child.querySelector("iframe")?.src.split("?")[0]]),
        slots: [...host.shadowRoot!.querySelectorAll("slot")].map((slot) => [slot.name, slot.assignedElements().length]),
      };
    });
    assert.equal(layout.light.length, 3);
    for (const [slot, frame] of layout.light) {
      assert.match(slot ?? "", /^qa-stripe-/);
      assert.match(frame ?? "", new RegExp(`^${site.urls.vault}/fields/stripe/card(Number|Expiry|Cvc)$`));
    }
    assert.deepEqual(layout.slots.map(([, assigned]) => assigned), [1, 1, 1]);

    await page.frameLocator("iframe[title='Secure card number input frame']").locator("input").pressSequentially("4000000000009995");
    await page.frameLocator("iframe[title='Secure expiration date input frame']").locator("input").pressSequentially("1230");
    await page.frameLocator("iframe[title='Secure CVC input frame']").locator("input").pressSequentially("123");
    await waitForStatus(page, "s.valid");
    const result = await page.evaluate(() => (window as never as { adapter: { tokenize(i: unknown): Promise<unknown> } }).adapter.tokenize({}));
    assert.deepEqual(result, { ok: true, token: "tok_chargeDeclinedInsufficientFunds", expiry: { month: 1, year: 2029 } });
    assert.deepEqual(stripeRequests, []);
    assert.ok(!(await shopDom(page)).includes("4000000000009995"));
    await page.context().close();
  });

  test("an expiry in the past is the element's error", async () => {
    const shop = await openShop();
    const { page } = shop;
    await page.evaluate(
      async ({ vault }) => {
        const { createStripeAdapter } = (window as never as { payments: typeof import("../../src/payments/stripe-adapter.ts") }).payments;
        const host = document.querySelector("quote-host") as HTMLElement;
        const root = host.shadowRoot!;
        const adapter = createStripeAdapter({ publishableKey: "pk_test_greenway", scriptUrl: `${vault}/stripe/v3.js` });
        (window as never as { adapter: typeof adapter }).adapter = adapter;
        await adapter.mount({ containers: { number: root.getElementById("number")!, expiry: root.getElementById("expiry")!, cvc: root.getElementById("cvc")! }, host });
      },
      { vault: site.urls.vault },
    );
    await waitForStatus(page, "s.ready");
    await page.frameLocator("iframe[title='Secure expiration date input frame']").locator("input").pressSequentially("0120");
    await waitForStatus(page, "s.error === \"Your card's expiration date is in the past.\"");
    await page.context().close();
  });
});

/** A priced Greenway quote's Real Green session, its frame mounted in the shop page's shadow root as the checkout does. */
async function mountCrmFrame(page: Page) {
  const quote = await pricedRealGreenQuote(site.urls.widget);
  await page.evaluate(
    async ({ widget, crm, session }) => {
      const { createCrmFrameAdapter, createApiClient } = (window as never as {
        payments: typeof import("../../src/payments/crm-frame-adapter.ts") & typeof import("../../src/api/client.ts");
      }).payments;
      const root = document.querySelector("quote-host")!.shadowRoot!;
      const adapter = createCrmFrameAdapter({
        api: createApiClient({ baseUrl: widget, preview: false, onboarding: false }),
        frameUrl: `${crm}/payment-frame`,
        companyId: "greenway-lawn",
        botId: "lawn",
        crmId: session.crmId,
        amount: session.amount,
        quoteId: session.quoteId,
        term: session.term,
        programIds: session.programIds,
        parentOrigin: location.origin,
      });
      (window as never as { adapter: typeof adapter }).adapter = adapter;
      await adapter.mount({ containers: { frame: root.getElementById("frame")! }, host: null });
    },
    { widget: site.urls.widget, crm: site.urls.crm, session: quote.session as { crmId: string; amount: string; quoteId: string; term: "application" | "total"; programIds: string[] } },
  );
  return quote;
}

describe("the CRM payment frame, through the bridge", { skip }, () => {
  test("a session token, the frame on the CRM's origin, its state and token messages, and the payment", async () => {
    const shop = await openShop();
    const { page } = shop;
    const quote = await mountCrmFrame(page);
    await waitForStatus(page, "s.ready");
    const frame = page.frameLocator("iframe.qa-crm-frame");
    await frame.locator("#number").pressSequentially(CARD);
    await frame.locator("#expiry").pressSequentially("1230");
    assert.equal(await page.evaluate(() => (window as never as { adapter: { status(): { valid: boolean } } }).adapter.status().valid), false);
    await frame.locator("#cvv").pressSequentially("123");
    await waitForStatus(page, "s.valid");

    const result = (await page.evaluate(() => (window as never as { adapter: { tokenize(i: unknown): Promise<unknown> } }).adapter.tokenize({}))) as {
      ok: boolean;
      token: string;
      paymentToken: string;
      crmId: string;
      expiry: unknown;
    };
    assert.equal(result.ok, true);
    assert.match(result.token, /^crm_/);
    assert.match(result.paymentToken, /^rgp_/);
    assert.deepEqual(result.expiry, { month: 12, year: 2030 });
    const paid = await pay(quote.quoteId, "real-green", { token: result.token, paymentToken: result.paymentToken, crmId: quote.crmId });
    assert.equal(paid.status, "succeeded");
    assert.ok(!(await shopDom(page)).includes(CARD));
    assert.ok(!shop.shopRequests.some((request) => request.includes(CARD)));
    await page.context().close();
  });

  test("an expired card in the frame keeps the form invalid and says so inside the frame", async () => {
    const shop = await openShop();
    const { page } = shop;
    await mountCrmFrame(page);
    await waitForStatus(page, "s.ready");
    const frame = page.frameLocator("iframe.qa-crm-frame");
    await frame.locator("#number").pressSequentially(CARD);
    await frame.locator("#expiry").pressSequentially("0120");
    await frame.locator("#cvv").pressSequentially("123");
    await frame.locator("#status").getByText("Your card is expired").waitFor();
    assert.equal(await page.evaluate(() => (window as never as { adapter: { status(): { valid: boolean } } }).adapter.status().valid), false);
    await page.context().close();
  });
});
