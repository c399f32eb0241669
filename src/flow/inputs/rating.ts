// The rating step (SPEC §2 step 12): stars in quarters, 3 by default.
import { savedAs, type InputKind } from "./input-kind.ts";

export const RATING_STARS = 5;
export const RATING_STEP = 0.25;
export const RATING_DEFAULT = 3;

export const rating: InputKind<"rating"> = {
  resolve(spec, from) {
    return { kind: "rating", label: from.say(spec.label), stars: RATING_STARS, step: RATING_STEP, defaultValue: RATING_DEFAULT };
  },
  accept(_input, answer, { saveAs }) {
    const stars = Number(answer.value);
    const quarters = stars / RATING_STEP;
    if (!Number.isInteger(quarters) || stars < RATING_STEP || stars > RATING_STARS) {
      return { ok: false, reason: `rating ${answer.value} is not a quarter star between ${RATING_STEP} and ${RATING_STARS}` };
    }
    return { ok: true, values: savedAs(saveAs, String(stars)), display: `${stars} of ${RATING_STARS} stars` };
  },
};
