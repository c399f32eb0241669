// The amount the server charges: the payment body's decimal string read as text into the
// company currency's minor units (no float), and refused when it has more digits than the
// currency. And Stripe's thrown errors in the words the visitor is shown (SPEC §8).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Stripe from "stripe";
import { decimalToMinor } from "../../../server/payments/processor.ts";
import { decisionForStripeError } from "../../../server/payments/stripe-processor.ts";

describe("decimalToMinor", () => {
  test("hand-worked amounts in two-, zero- and three-digit currencies", () => {
    assert.equal(decimalToMinor("45.50", "USD"), 4550);
    assert.equal(decimalToMinor("45.5", "USD"), 4550);
    assert.equal(decimalToMinor("0.07", "USD"), 7);
    assert.equal(decimalToMinor("1.10", "USD"), 110);
    assert.equal(decimalToMinor("4550", "JPY"), 4550);
    assert.equal(decimalToMinor("4550.0", "JPY"), 4550);
    assert.equal(decimalToMinor("1.234", "KWD"), 1234);
    assert.equal(decimalToMinor("999999999.99", "USD"), 99999999999);
  });

  test("more digits than the currency has, or not a decimal: undefined", () => {
    assert.equal(decimalToMinor("45.555", "USD"), undefined);
    assert.equal(decimalToMinor("10.5", "JPY"), undefined);
    assert.equal(decimalToMinor("1e3", "USD"), undefined);
    assert.equal(decimalToMinor("-1.00", "USD"), undefined);
    assert.equal(decimalToMinor("", "USD"), undefined);
  });

  test("every cent from 0.00 to 20.00 round-trips exactly (no float drift)", () => {
    for (let cents = 0; cents <= 2000; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
      assert.equal(decimalToMinor(text, "USD"), cents, text);
    }
  });
});

describe("Stripe's errors for the visitor", () => {
  const cardError = (code: string, decline_code?: string) =>
    // What the package throws for a 402.
    Stripe.errors.StripeError.generate({ statusCode: 402, type: "card_error", code, decline_code, message: "Stripe's own words" } as never);

  test("declines by decline code, then by code; other card errors are a plain decline", () => {
    assert.deepEqual(decisionForStripeError(cardError("card_declined", "insufficient_funds")), { ok: false, error: "Your card has insufficient funds.", code: "card_declined" });
    assert.deepEqual(decisionForStripeError(cardError("expired_card")), { ok: false, error: "Your card has expired.", code: "card_declined" });
    assert.deepEqual(decisionForStripeError(cardError("incorrect_cvc")), { ok: false, error: "Your card was declined.", code: "card_declined" });
    assert.deepEqual(decisionForStripeError(cardError("processing_error")), {
      ok: false,
      error: "An error occurred while processing your card. Try again in a little bit.",
      code: "processing_error",
    });
  });

  test("an API, authentication or network failure is a processing error, never Stripe's raw text", () => {
    for (const [statusCode, type] of [
      [500, "api_error"],
      [401, "authentication_error"],
      [429, "rate_limit_error"],
      [400, "invalid_request_error"],
    ] as const) {
      const decision = decisionForStripeError(Stripe.errors.StripeError.generate({ statusCode, type, message: "Invalid API Key provided: sk_test_****" } as never));
      assert.deepEqual(decision, { ok: false, error: "An error occurred while processing your card. Try again in a little bit.", code: "processing_error" }, type);
    }
    assert.equal((decisionForStripeError(new Error("socket hang up")) as { code: string }).code, "processing_error");
  });
});
