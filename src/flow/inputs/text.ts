// A typed answer, checked by the step's validator (src/flow/validators.ts). An empty answer is
// never accepted; its validator says what the field needs. A field with the texts consent box
// (issue 34) saves whether it was ticked and the words it showed, never words the view sent.
import { validators } from "../validators.ts";
import { savedAs, type InputKind } from "./input-kind.ts";

export const text: InputKind<"text"> = {
  resolve(spec, from) {
    const { config, late, pack } = from.ctx;
    const consent = spec.consent && config.textConsent && late?.textConsent?.[pack?.lang ?? "en"];
    return {
      kind: "text",
      label: from.say(spec.label),
      maxLength: spec.maxLength,
      inputMode: spec.inputMode ?? "text",
      ...(spec.autocomplete ? { autocomplete: spec.autocomplete } : {}),
      ...(consent ? { consent: consent(config.companyName, config.textConsent!.texts) } : {}),
    };
  },
  accept(input, answer, { stepId, spec, saveAs, m }) {
    const result = validators[spec.validate](answer.value, m);
    if (!result.ok) return { ok: false, reason: `invalid answer at ${stepId}`, message: result.message };
    const consent = input.consent ? { textConsentGiven: answer.values?.textConsentGiven === true, textConsentText: input.consent } : {};
    return { ...result, values: { ...result.values, ...consent, ...(saveAs ? savedAs(saveAs, result.display) : {}) } };
  },
};
