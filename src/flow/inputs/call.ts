// A call button to the company's phone, at an end (none when the company has no phone). It
// is not a question: no answer is accepted.
// From the contract's pure part: the widget's copy (src/lazy/servman-chunk.ts).
import { phoneLink } from "../shared-pure.ts";
import type { InputKind } from "./input-kind.ts";

export const call: InputKind<"call"> = {
  resolve(spec, from) {
    const href = phoneLink(from.ctx.config.companyPhone, from.ctx.config.currency)?.href;
    return href ? { kind: "call", label: from.say(spec.label), href } : undefined;
  },
  accept(_input, _answer, { stepId }) {
    return { ok: false, reason: `${stepId} offers a call button, not a question` };
  },
};
