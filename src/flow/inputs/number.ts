// A company-configured number question (SPEC §5 'Configured number input').
import { validateNumber } from "../validators.ts";
import { savedAs, type InputKind } from "./input-kind.ts";

export const number: InputKind<"number"> = {
  resolve(spec) {
    return {
      kind: "number",
      label: spec.label,
      whole: spec.whole,
      ...(spec.min !== undefined ? { min: spec.min } : {}),
      ...(spec.max !== undefined ? { max: spec.max } : {}),
    };
  },
  accept(input, answer, { stepId, saveAs, m }) {
    const result = validateNumber(answer.value, input, m);
    if (!result.ok) return { ok: false, reason: `invalid number at ${stepId}`, message: result.message };
    return { ok: true, values: savedAs(saveAs, result.display), display: result.display };
  },
};
