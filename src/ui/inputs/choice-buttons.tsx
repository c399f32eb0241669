// Answer buttons; the first is the primary choice.
import type { ResolvedButton } from "../../flow/types.ts";
import { useWords } from "../shared/use-words.ts";

export function ChoiceButtons({ options, onAnswer }: { options: ResolvedButton[]; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  return (
    <div role="group" aria-label={w.yourAnswer} className="qa-choices">
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          className={index === 0 ? "qa-choice qa-choice-primary" : "qa-choice"}
          part={index === 0 ? "primary-button" : undefined}
          onClick={() => onAnswer(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
