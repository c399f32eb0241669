// The rating step (SPEC §2 step 12): five stars in quarter steps, 3 to start with. A slider
// for keyboards and screen readers (arrows ±¼, Page keys ±1, Home/End); a tap or click on a
// star sets the quarter under the finger. 'Rate' submits.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { useWords } from "../shared/use-words.ts";

type RatingSpec = Extract<ResolvedInput, { kind: "rating" }>;

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

export function RatingInput({ input, onAnswer }: { input: RatingSpec; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  const [value, setValue] = useState(input.defaultValue);
  const starsRef = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.min(input.stars, Math.max(input.step, Math.round(v / input.step) * input.step));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: input.step,
      ArrowUp: input.step,
      ArrowLeft: -input.step,
      ArrowDown: -input.step,
      PageUp: 1,
      PageDown: -1,
    };
    if (event.key in moves) setValue((v) => clamp(v + moves[event.key]!));
    else if (event.key === "Home") setValue(input.step);
    else if (event.key === "End") setValue(input.stars);
    else if (event.key === "Enter") onAnswer(String(value));
    else return;
    event.preventDefault();
  };

  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = starsRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    // Round up to the quarter under the pointer, so touching a star's right edge fills it.
    const raw = ((event.clientX - box.left) / box.width) * input.stars;
    setValue(clamp(Math.ceil(raw / input.step) * input.step));
  };

  const label = w.stars(value, input.stars);
  return (
    <div className="qa-rating">
      <span className="qa-field-label" id="qa-rating-label">
        {input.label}
      </span>
      <div
        ref={starsRef}
        className="qa-stars"
        role="slider"
        tabIndex={0}
        aria-labelledby="qa-rating-label"
        aria-valuemin={input.step}
        aria-valuemax={input.stars}
        aria-valuenow={value}
        aria-valuetext={label}
        onKeyDown={onKeyDown}
        onPointerDown={onPointer}
      >
        {Array.from({ length: input.stars }, (_, i) => {
          const fill = Math.max(0, Math.min(1, value - i));
          return (
            <svg key={i} className="qa-star" viewBox="0 0 24 24" aria-hidden="true">
              <defs>
                <clipPath id={`qa-star-clip-${i}`}>
                  <rect x="0" y="0" width={24 * fill} height="24" />
                </clipPath>
              </defs>
              <path d={STAR_PATH} className="qa-star-empty" />
              <path d={STAR_PATH} className="qa-star-full" clipPath={`url(#qa-star-clip-${i})`} />
            </svg>
          );
        })}
      </div>
      <p className="qa-rating-value" aria-hidden="true">
        {label}
      </p>
      <button type="button" className="qa-choice qa-choice-primary" part="primary-button" onClick={() => onAnswer(String(value))}>
        {w.rate}
      </button>
    </div>
  );
}
