// Buttons (SPEC §2): the options whose guard holds, each a message of the table or, for a
// company's own step, its text as written. Hidden options are answered from elsewhere.
import { guards } from "../guards.ts";
import { savedAs, type AcceptContext, type Accepted, type InputKind, type ResolvedOf } from "./input-kind.ts";
import type { Answer } from "../types.ts";

/** An option of the offered ones, or a refusal (buttons, selects and ServMan choices). */
export function acceptOption(
  input: ResolvedOf<"buttons" | "select">,
  answer: Answer,
  at: Pick<AcceptContext<"buttons">, "stepId" | "saveAs">,
): Accepted {
  const option = input.options.find((o) => o.value === answer.value);
  if (!option) return { ok: false, reason: `"${answer.value}" is not an option of ${at.stepId}` };
  return { ok: true, values: savedAs(at.saveAs, option.value), display: option.label };
}

export const buttons: InputKind<"buttons"> = {
  resolve(spec, from) {
    return {
      kind: "buttons",
      options: spec.options
        .filter((option) => !option.if || guards[option.if](from))
        .map((option) => ({
          value: option.value,
          // A hidden option without a label answers silently: no visitor bubble.
          label: option.text ?? (option.label ? from.say(option.label) : option.hidden ? "" : option.value),
          ...(option.hidden ? { hidden: true } : {}),
        })),
    };
  },
  accept: acceptOption,
};
