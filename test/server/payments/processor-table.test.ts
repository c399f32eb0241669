// The server's side of the processors' table (issue 36): CHARGES (server/payments/processor-table.ts)
// has one row per payment method of src/contract/payment-processors.ts, and who charges a method
// follows its row: the card processor (Stripe) for card methods, the test processor only in test
// mode for methods with no real processor yet, and always for a sale recorded without a card.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readFileSync } from "node:fs";
import { PAYMENT_METHODS, PAYMENT_PROCESSORS } from "../../../src/contract/payment-processors.ts";
import { chargedBy, paymentMethodsServed } from "../../../server/api/payment-routes.ts";
import { CHARGES, PROCESSOR_LABELS } from "../../../server/payments/processor-table.ts";
import type { PaymentProcessor } from "../../../server/payments/processor.ts";

const stripe: PaymentProcessor = { name: "stripe", charge: () => Promise.reject(new Error("not charged here")) };

describe("who charges each payment method", () => {
  test("every payment method has its row in CHARGES, and nothing else does", () => {
    assert.deepEqual(Object.keys(CHARGES).sort(), [...PAYMENT_METHODS].sort());
  });

  test("no processor and no test mode: every method is refused but the one recorded without a card", () => {
    assert.deepEqual(paymentMethodsServed(undefined, false), { stripe: "off", "card-vault": "off", "real-green": "off", "device-wallet": "off" });
    assert.equal(chargedBy("bypass", undefined, false), "test");
  });

  test("Stripe configured: its card methods go to Stripe; the card vault and Real Green only in test mode", () => {
    assert.deepEqual(paymentMethodsServed(stripe, false), { stripe: "stripe", "card-vault": "off", "real-green": "off", "device-wallet": "stripe" });
    assert.deepEqual(paymentMethodsServed(stripe, true), { stripe: "stripe", "card-vault": "test", "real-green": "test", "device-wallet": "stripe" });
  });

  test("test mode without Stripe: the test processor charges every method", () => {
    assert.deepEqual(paymentMethodsServed(undefined, true), { stripe: "test", "card-vault": "test", "real-green": "test", "device-wallet": "test" });
  });

  test("the served methods are exactly those a server may refuse, in the table's order", () => {
    const refusable = PAYMENT_METHODS.filter((method) => CHARGES[method].by !== "record");
    assert.deepEqual(Object.keys(paymentMethodsServed(undefined, false)), refusable);
  });
});

describe("what people call each processor", () => {
  test("every processor has a name of its own, and docs/payments.md has its row with its kind", () => {
    const labels = PAYMENT_PROCESSORS.map((row) => PROCESSOR_LABELS[row.kind]);
    assert.equal(new Set(labels).size, labels.length);
    const payments = readFileSync(new URL("../../../docs/payments.md", import.meta.url), "utf8");
    for (const row of PAYMENT_PROCESSORS) {
      const label = PROCESSOR_LABELS[row.kind];
      assert.ok(label.trim().length > 0, row.kind);
      assert.match(payments, new RegExp(`^\\|.*\\| ${label.replace(/[()]/g, "\\$&")} \\|.*\\| \`${row.kind}\` \\|$`, "m"), row.kind);
    }
  });
});
