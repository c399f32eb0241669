// The program picker (SPEC §2 step 10): a grid of the company's programs, several at once.
// Answered by the chosen names (the view sends them as a JSON list), every one of them offered.
import { answerAt } from "../answer-keys.ts";
import { SELECTED_PROGRAMS, selectedProgramNames } from "../programs.ts";
import type { InputKind } from "./input-kind.ts";

export const programs: InputKind<"programs"> = {
  resolve(_spec, { state, ctx }) {
    return {
      kind: "programs",
      options: ctx.programs.map((p) => ({
        name: p.name,
        ...(p.icon ? { icon: p.icon } : {}),
        ...(p.description ? { description: p.description } : {}),
      })),
      selected: selectedProgramNames(state.answers),
    };
  },
  accept(input, answer) {
    const offered = new Set(input.options.map((o) => o.name));
    const chosen = answerAt(SELECTED_PROGRAMS, answer.value).selectedPrograms;
    if (!chosen?.length || !chosen.every((n) => offered.has(n))) {
      return { ok: false, reason: `programs ${answer.value} are not a choice of the offered ones` };
    }
    return { ok: true, values: { selectedPrograms: chosen }, display: chosen.join(", ") };
  },
};
