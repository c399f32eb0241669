// The program picker (SPEC §2 step 10): a grid of the company's programs, several at once.
// Answered by the chosen names (a JSON list), every one of them offered.
import { SELECTED_PROGRAMS, selectedProgramNames, serializeProgramNames } from "../programs.ts";
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
    let names: unknown;
    try {
      names = JSON.parse(answer.value);
    } catch {
      names = null;
    }
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string" && offered.has(n))) {
      return { ok: false, reason: `programs ${answer.value} are not a choice of the offered ones` };
    }
    const chosen = names as string[];
    return { ok: true, values: { [SELECTED_PROGRAMS]: serializeProgramNames(chosen) }, display: chosen.join(", ") };
  },
};
