// SPEC §4 plan switch: AUTOPAY (or the company's label) against PRE-PAY, with '& SAVE ...' next
// to PRE-PAY. An ARIA radio group: one tab stop, arrow keys move and select, Space selects.
import { useRef, type KeyboardEvent } from "react";
import type { PlanSwitch as PlanSwitchModel, Term } from "../../pricing/types.ts";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

export interface PlanSwitchProps {
  plan: PlanSwitchModel;
  term: Term;
  onTermChange: (term: Term) => void;
  words?: QuoteWords;
  /** '& SAVE' with the amount written for the visitor's locale; default the engine's text. */
  saveText?: string | null;
}

export function PlanSwitch({ plan, term, onTermChange, words = enQuote, saveText = plan.saveText }: PlanSwitchProps) {
  const options: Array<{ term: Term; label: string; note: string | null }> = [
    { term: "application", label: words.label(plan.autopayLabel), note: null },
    { term: "total", label: words.label(plan.prepayLabel), note: saveText },
  ];
  const refs = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (next: Term) => {
    if (next !== term) onTermChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let target = index;
    if (NEXT_KEYS.has(event.key)) target = (index + 1) % options.length;
    else if (PREVIOUS_KEYS.has(event.key)) target = (index - 1 + options.length) % options.length;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = options.length - 1;
    else if (event.key !== " ") return;
    event.preventDefault();
    refs.current[target]?.focus();
    choose(options[target]!.term);
  };

  return (
    <div className="qa-plan" role="radiogroup" aria-label={words.plan}>
      {options.map((option, index) => {
        const checked = option.term === term;
        return (
          <button
            key={option.term}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className="qa-plan-option"
            onClick={() => choose(option.term)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="qa-plan-label">{option.label}</span>
            {option.note && <span className="qa-plan-note"> {option.note}</span>}
          </button>
        );
      })}
    </div>
  );
}
