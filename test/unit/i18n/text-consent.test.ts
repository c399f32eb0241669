// The texts consent box's words (issue 34) and how the phone's step carries them. The words of
// TEXT_CONSENT_VERSION are held here: the quote keeps the words with the version, so a change
// of the words in any language must come with a new version (and this test's new words).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { TEXT_CONSENT_TEXT_MAX } from "../../../src/contract/quote-start-body.ts";
import { TEXT_CONSENT_VERSION } from "../../../src/config/text-consent.ts";
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { steps } from "../../../src/flow/flow-graph.ts";
import type { FlowContext, ResolvedInput } from "../../../src/flow/types.ts";
import { textConsent as en } from "../../../src/i18n/en/text-consent.ts";
import { textConsent as es } from "../../../src/i18n/es/text-consent.ts";
import { pack as spanish } from "../../../src/i18n/es/index.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";

const WORDS = { en, es };

describe("the consent box's words", () => {
  test(`version ${TEXT_CONSENT_VERSION}: these words, in English and Spanish`, () => {
    assert.equal(TEXT_CONSENT_VERSION, "2026-11-28");
    assert.equal(
      en("Greenway Lawn", 2),
      "I agree to get texts from Greenway Lawn about this quote (at most 2). Message and data rates may apply. Reply STOP to end. Consent is not a condition of purchase.",
    );
    assert.equal(
      es("Greenway Lawn", 2),
      "Acepto recibir mensajes de texto de Greenway Lawn sobre esta cotización (como máximo 2). Pueden aplicarse tarifas de mensajes y datos. Responda STOP para terminar. El consentimiento no es una condición de compra.",
    );
  });

  test("the words fit the start body's limit with a 200-character company name", () => {
    for (const words of Object.values(WORDS)) assert.ok(words("N".repeat(200), 6).length <= TEXT_CONSENT_TEXT_MAX);
  });
});

describe("the phone's step with the box", () => {
  const ctx = (extra: Partial<FlowContext> = {}, texts = true): FlowContext => ({
    config: makeConfig({ companyName: "Greenway Lawn", ...(texts ? { textConsent: { texts: 1 } } : {}) }),
    customer: { customerName: "Kim Lee" },
    programs: SAMPLE_PROGRAMS,
    late: { textConsent: WORDS },
    ...extra,
  });
  /** The welcome, 'Let's Get Started', and the phone's step asked. */
  const atPhone = (context: FlowContext) => {
    const started = startFlow(steps, "welcome", context, { customerFirstName: "Kim", customerLastName: "Lee", customerName: "Kim Lee" });
    const start = started.effects.find((e) => e.type === "ask");
    assert.ok(start && start.type === "ask" && start.input.kind === "buttons");
    const go = answerStep(steps, started.state, { value: start.input.options[0]!.value }, context);
    assert.ok(go.ok);
    const ask = go.effects.find((e) => e.type === "ask");
    assert.ok(ask && ask.type === "ask");
    assert.equal(ask.stepId, "askPhone");
    return { state: go.state, input: ask.input as Extract<ResolvedInput, { kind: "text" }> };
  };

  test("shows the company's words; ticked, the answers keep that it was given and the words shown", () => {
    const context = ctx();
    const { state, input } = atPhone(context);
    assert.equal(input.consent, en("Greenway Lawn", 1));
    const answered = answerStep(steps, state, { value: "6145550100", values: { textConsentGiven: true } }, context);
    assert.ok(answered.ok);
    assert.equal(answered.state.answers.textConsentGiven, true);
    assert.equal(answered.state.answers.textConsentText, en("Greenway Lawn", 1));
  });

  test("left unticked: given is false, the words are kept", () => {
    const context = ctx();
    const { state } = atPhone(context);
    const answered = answerStep(steps, state, { value: "6145550100" }, context);
    assert.ok(answered.ok);
    assert.equal(answered.state.answers.textConsentGiven, false);
    assert.equal(answered.state.answers.textConsentText, en("Greenway Lawn", 1));
  });

  test("in Spanish: the Spanish words", () => {
    const { input } = atPhone(ctx({ pack: spanish }));
    assert.equal(input.consent, es("Greenway Lawn", 1));
  });

  test("without textConsent, or before the words have arrived: no box, nothing saved", () => {
    for (const context of [ctx({}, false), ctx({ late: {} })]) {
      const { state, input } = atPhone(context);
      assert.equal(input.consent, undefined);
      const answered = answerStep(steps, state, { value: "6145550100", values: { textConsentGiven: true } }, context);
      assert.ok(answered.ok);
      assert.equal(answered.state.answers.textConsentGiven, undefined);
      assert.equal(answered.state.answers.textConsentText, undefined);
    }
  });
});
