// How a choice among offered options is accepted (buttons, selects and ServMan's lists): in the
// pure core's part of the chunks' contract (src/flow/shared-pure.ts), since ServMan's choices
// come with its chapter.
import { answerAt } from "../answer-keys.ts";
import type { Answer } from "../types.ts";
import type { AcceptContext, Accepted, ResolvedOf } from "./input-kind.ts";

/** An option of the offered ones, or a refusal (buttons, selects and ServMan choices). */
export function acceptOption(
  input: ResolvedOf<"buttons" | "select">,
  answer: Answer,
  at: Pick<AcceptContext<"buttons">, "stepId" | "saveAs">,
): Accepted {
  const option = input.options.find((o) => o.value === answer.value);
  if (!option) return { ok: false, reason: `"${answer.value}" is not an option of ${at.stepId}` };
  return { ok: true, values: answerAt(at.saveAs, option.value), display: option.label };
}

