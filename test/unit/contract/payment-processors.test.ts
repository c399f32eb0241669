// The payment processors' table (src/contract/payment-processors.ts, issue 36) is the one place
// a processor is written down: its rows give the payment methods, the choice from a company's
// configuration, the settings a checkout needs and the body the server accepts; the widget's
// adapters and the server's charges are looked up by it (test/unit/payments/processor-table.test.ts,
// test/server/payments/processor-table.test.ts, with the docs' row per processor); and no source file
// compares a method with a literal kind, the switches it replaced.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { buildPaymentBody } from "../../../src/contract/payment-body.ts";
import { DevicePaymentBodySchema, PaymentBodySchema, SecurePaymentBodySchema } from "../../../src/contract/payment-contract.ts";
import { DEFAULT_PROCESSOR, isWallet, PAYMENT_METHODS, PAYMENT_PROCESSORS, processorOf, type PaymentMethod } from "../../../src/contract/payment-processors.ts";
import { chooseProcessor, PaymentProvidersSchema } from "../../../src/config/payment-providers.ts";
import { priceQuote } from "../../../src/pricing/price-quote.ts";
import { read, sourceFiles } from "../architecture/import-graph.ts";
import { block, line, settings } from "../pricing/pricing-fixtures.ts";

const kinds = PAYMENT_PROCESSORS.map((row) => row.kind);
const wallets = PAYMENT_PROCESSORS.flatMap((row) => (row.wallet ? [row.wallet] : []));

/** A body of `method` as its row asks: a provider token or none, and the fields it needs `with` it. */
function bodyOf(method: PaymentMethod, drop?: string) {
  const row = processorOf(method);
  const extra = Object.fromEntries(row.with.filter((field) => field !== drop).map((field) => [field, `${field}_1`]));
  const token = row.token === "none" ? null : "tok_visa";
  return buildPaymentBody(priceQuote([block([line(50)])], settings()), { companyId: "acme", botId: "lawn", quoteId: "q-1", paymentMethod: method, token, ...extra, expiry: { month: 1, year: 2029 } });
}

describe("the payment processors' table", () => {
  test("each kind and wallet is one payment method, in the table's order", () => {
    assert.deepEqual(PAYMENT_METHODS, [...kinds, ...wallets]);
    assert.equal(new Set(PAYMENT_METHODS).size, PAYMENT_METHODS.length, "no method twice");
    for (const wallet of wallets) assert.ok(isWallet(wallet) && !kinds.includes(wallet as never), wallet);
    for (const kind of kinds) assert.equal(isWallet(kind), false, kind);
  });

  test("every row names a setting PaymentProviders has", () => {
    for (const row of PAYMENT_PROCESSORS) {
      if (row.needs !== null) assert.ok(row.needs in PaymentProvidersSchema.entries, `${row.kind} needs ${row.needs}`);
    }
  });

  test("the one unnamed row is what bypassPayment chooses, and no configuration is the default's", () => {
    const unnamed = PAYMENT_PROCESSORS.filter((row) => row.named === null);
    assert.deepEqual(unnamed.map((row) => row.kind), [chooseProcessor({ bypassPayment: true, cardProcessor: "acme-credit-card-vault" })]);
    assert.equal(chooseProcessor({}), DEFAULT_PROCESSOR);
    assert.equal(chooseProcessor({ cardProcessor: "paypal" }), DEFAULT_PROCESSOR);
  });

  for (const method of PAYMENT_METHODS) {
    const row = processorOf(method);
    test(`${method}: a body with ${row.token === "none" ? "no token" : "a provider token"}${row.with.length ? ` and ${row.with.join(", ")}` : ""} passes, one missing what its row asks does not`, () => {
      assert.ok(v.is(PaymentBodySchema, bodyOf(method)));
      // A wallet's body goes to POST /v1/payment/device only, the others' to /v1/secure/payment only.
      assert.equal(v.is(DevicePaymentBodySchema, bodyOf(method)), isWallet(method));
      assert.equal(v.is(SecurePaymentBodySchema, bodyOf(method)), !isWallet(method));
      const wrongToken = { ...bodyOf(method), paymentInfo: { ...bodyOf(method).paymentInfo, token: row.token === "none" ? "tok_visa" : null } };
      assert.equal(v.is(PaymentBodySchema, wrongToken), false, "the token as the row says");
      for (const field of row.with) {
        const refused = v.safeParse(PaymentBodySchema, bodyOf(method, field));
        assert.equal(refused.success, false, `without ${field}`);
        assert.match(refused.issues?.[0]?.message ?? "", new RegExp(`a ${method} payment needs .*paymentInfo\\.${field}`));
      }
    });
  }

  test("docs/api.md's paymentMethod lists every method", () => {
    assert.ok(read("docs/api.md").includes(`paymentMethod: ${PAYMENT_METHODS.map((method) => `"${method}"`).join(" | ")},`));
  });

  test("no source file compares a payment method or processor with a literal kind: the table is looked up instead", () => {
    const literal = new RegExp(`(?:[!=]==\\s*|case\\s+)"(?:${PAYMENT_METHODS.join("|")})"`);
    const found = ["src", "server", "loader", "demo-site"]
      .flatMap((tree) => sourceFiles(tree))
      .flatMap((path) =>
        read(path)
          .split("\n")
          .map((text, i) => ({ where: `${path}:${i + 1}`, text }))
          // crmSolution names the company's CRM ("real-green", "servman"), not its payment processor.
          .filter(({ text }) => literal.test(text) && !text.includes("crmSolution")),
      )
      .map(({ where, text }) => `${where}: ${text.trim()}`);
    assert.deepEqual(found, []);
  });
});
