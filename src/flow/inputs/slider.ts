// The lot-size slider (SPEC §2, §5): how much of the looked-up lot is lawn. One rule for every
// source that gives a lot (zillow, other; issue 27): the slider starts at the lawn the estimate
// gives, the source's own lawn when it knows one, else the company's sqFtPercentage of the lot
// (SPEC §9: 0.4 when the company sets none), as a whole percent of the lot. SPEC §5's 'Lawn
// slider default 50 percent' contradicts §9's 0.4; the README says why the company's share wins.
import { formatSize, unitFor } from "../../config/measurement.ts";
import type { InputKind } from "./input-kind.ts";

/** The slider's first position: the estimate's lawn as a whole percent of the lot, 1 to 100. */
export function lawnSliderStartPercent(totalLotSize: number, lawnSize: number | undefined): number {
  if (!(totalLotSize > 0) || !(lawnSize !== undefined && lawnSize > 0)) return 100;
  return Math.min(100, Math.max(1, Math.round((lawnSize / totalLotSize) * 100)));
}

export const slider: InputKind<"slider"> = {
  resolve(_spec, { state, ctx }) {
    const totalLotSize = state.answers.totalLotSize ?? 0;
    return {
      kind: "slider",
      totalLotSize,
      defaultPercent: lawnSliderStartPercent(totalLotSize, state.answers.lawnSize),
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
