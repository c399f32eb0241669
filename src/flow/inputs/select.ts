// The marketing-source select (SPEC §2 step 6): the company's sources; the chosen source's
// description is saved beside its code.
import { acceptOption } from "./accept-option.ts";
import { savedAs, type InputKind } from "./input-kind.ts";

export const select: InputKind<"select"> = {
  resolve(spec, from) {
    return {
      kind: "select",
      prompt: from.say(spec.prompt),
      options: from.ctx.config.marketingSources.map((s) => ({ value: s.code, label: s.description })),
    };
  },
  accept(input, answer, at) {
    const accepted = acceptOption(input, answer, at);
    if (!accepted.ok || !at.saveAs) return accepted;
    return { ...accepted, values: { ...accepted.values, ...savedAs(`${at.saveAs}Description`, accepted.display) } };
  },
};
