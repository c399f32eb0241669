// A typed answer, checked by the step's validator (src/flow/validators.ts). An empty answer is
// never accepted; its validator says what the field needs.
import { validators } from "../validators.ts";
import { savedAs, type InputKind } from "./input-kind.ts";

export const text: InputKind<"text"> = {
  resolve(spec, from) {
    return {
      kind: "text",
      label: from.say(spec.label),
      maxLength: spec.maxLength,
      inputMode: spec.inputMode ?? "text",
      ...(spec.autocomplete ? { autocomplete: spec.autocomplete } : {}),
    };
  },
  accept(_input, answer, { stepId, spec, saveAs, m }) {
    const result = validators[spec.validate](answer.value, m);
    if (!result.ok) return { ok: false, reason: `invalid answer at ${stepId}`, message: result.message };
    return saveAs ? { ...result, values: { ...result.values, ...savedAs(saveAs, result.display) } } : result;
  },
};
