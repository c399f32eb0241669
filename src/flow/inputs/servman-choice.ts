// ServMan (SPEC §2 step 16): a choice among what a task fetched into the answers, shown as
// buttons. A day's time windows always leave a way back to the calendar (ANOTHER_DAY).
import { ANOTHER_DAY, readServmanList } from "../scheduling.ts";
// From the contract's pure part: the widget's copy (src/lazy/servman-chunk.ts).
import { acceptOption } from "../shared-pure.ts";
import type { InputKind } from "./input-kind.ts";

export const servmanChoice: InputKind<"servmanChoice"> = {
  resolve(spec, from) {
    const options = readServmanList(from.state.answers, spec.list);
    if (spec.list === "slots") options.push({ value: ANOTHER_DAY, label: from.say("anotherDayButton") });
    return { kind: "buttons", options };
  },
  accept: acceptOption,
};
