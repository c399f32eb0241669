// The lot-size slider (SPEC §2, §5): the total lot, a slider for the share that is lawn
// (starting at the estimate's lawn, src/flow/inputs/slider.ts), in whole percent, the
// estimated lawn size it gives, and 'Update Lawn Size'.
import { useState, type FormEvent } from "react";
import { formatSize } from "../../config/measurement.ts";
import type { ResolvedInput } from "../../flow/types.ts";
import { useLocale, useWords } from "../shared/use-words.ts";

type SliderSpec = Extract<ResolvedInput, { kind: "slider" }>;

export function LawnSlider({ input, onAnswer }: { input: SliderSpec; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  const locale = useLocale();
  const [percent, setPercent] = useState(input.defaultPercent);
  const lawn = Math.max(1, Math.round((input.totalLotSize * percent) / 100));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(String(lawn));
  };
  return (
    <form className="qa-text-form qa-slider" onSubmit={submit}>
      <p className="qa-slider-row">
        <span>{w.lotSize}</span>
        <strong>
          {formatSize(input.totalLotSize, locale)} {input.unit}
        </strong>
      </p>
      <label className="qa-field-label" htmlFor="qa-lawn-share">
        {w.lawnShare} {percent}%
      </label>
      <input
        id="qa-lawn-share"
        className="qa-range"
        type="range"
        min={1}
        max={100}
        step={1}
        value={percent}
        aria-valuetext={w.lawnValue(percent, `${formatSize(lawn, locale)} ${input.unit}`)}
        onChange={(event) => setPercent(Number(event.currentTarget.value))}
      />
      <p className="qa-slider-row">
        <span>{w.lawnSize}</span>
        <output htmlFor="qa-lawn-share">
          {formatSize(lawn, locale)} {input.unit}
        </output>
      </p>
      <button type="submit" className="qa-choice qa-choice-primary" part="primary-button">
        {w.updateLawn}
      </button>
    </form>
  );
}
