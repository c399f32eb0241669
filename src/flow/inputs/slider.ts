// The lot-size slider (SPEC §2, §5): how much of the looked-up lot is lawn.
import { formatSize, unitFor } from "../../config/measurement.ts";
import type { InputKind } from "./input-kind.ts";

/** SPEC §5: the lawn slider starts at half the lot. */
export const LAWN_SLIDER_DEFAULT_PERCENT = 50;

export const slider: InputKind<"slider"> = {
  resolve(_spec, { state, ctx }) {
    return {
      kind: "slider",
      totalLotSize: state.answers.totalLotSize ?? 0,
      defaultPercent: LAWN_SLIDER_DEFAULT_PERCENT,
      unit: unitFor("area", ctx.config.isMetric),
    };
  },
  accept(input, answer) {
    const lawn = Number(answer.value);
    if (!Number.isInteger(lawn) || lawn < 1 || lawn > input.totalLotSize) {
      return { ok: false, reason: `lawn size ${answer.value} is not within the lot of ${input.totalLotSize}` };
    }
    return {
      ok: true,
      values: { lawnSize: lawn, adjustedLotSize: lawn },
      display: `${formatSize(lawn)} ${input.unit}`,
    };
  },
};
