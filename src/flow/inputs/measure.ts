// The measuring tool in a modal (SPEC §2): answered by the measured size (and its picture), or
// by MEASURE_CANCELLED when the visitor closes the tool.
import { MEASURE_MAX, MEASURE_MIN, unitFor } from "../../config/measurement.ts";
import { MEASURE_CANCELLED } from "../answers.ts";
import { formatAddress } from "../message-parts.ts";
import type { InputKind } from "./input-kind.ts";

/** SPEC §2: the measuring tool opens 3 s after its step begins. */
export const MEASURE_OPEN_DELAY_MS = 3000;

export const measure: InputKind<"measure"> = {
  resolve(_spec, { state, ctx }) {
    const lat = Number(state.answers.customerLat);
    const lng = Number(state.answers.customerLng);
    const located = state.answers.customerLat !== undefined && state.answers.customerLng !== undefined && Number.isFinite(lat) && Number.isFinite(lng);
    return {
      kind: "measure",
      toolUrl: ctx.config.measuringToolUrl ?? "",
      mode: ctx.config.measurementMode,
      metric: ctx.config.isMetric,
      address: formatAddress(state.answers),
      ...(located ? { position: { lat, lng } } : {}),
      language: ctx.pack?.lang,
      delayMs: MEASURE_OPEN_DELAY_MS,
    };
  },
  accept(input, answer) {
    if (answer.value === MEASURE_CANCELLED) return { ok: true, values: { measureCancelled: true }, display: "" };
    const size = Number(answer.value);
    if (!Number.isInteger(size) || size < MEASURE_MIN || size > MEASURE_MAX) {
      return { ok: false, reason: `measurement ${answer.value} is outside ${MEASURE_MIN}..${MEASURE_MAX}` };
    }
    const image = answer.values?.measurItImage;
    const outline = answer.values?.measurOutline;
    return {
      ok: true,
      values: {
        lawnSize: size,
        measureUnits: unitFor(input.mode, input.metric),
        measureCancelled: false,
        ...(typeof image === "string" && image.startsWith("data:image/") ? { measurItImage: image } : {}),
        // Checked by the server with the quote's estimate (src/contract/lawn-outline.ts).
        ...(typeof outline === "string" && outline.startsWith("{") ? { measurOutline: outline } : {}),
      },
      display: "",
    };
  },
};
