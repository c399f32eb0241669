// Buttons (SPEC §2): the options whose guard holds, each a message of the table or, for a
// company's own step, its text as written. Hidden options are answered from elsewhere.
import { guardHolds } from "../guards.ts";
import { acceptOption } from "./accept-option.ts";
import type { InputKind } from "./input-kind.ts";

export const buttons: InputKind<"buttons"> = {
  resolve(spec, from) {
    return {
      kind: "buttons",
      options: spec.options
        .filter((option) => !option.if || guardHolds(option.if, from))
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
