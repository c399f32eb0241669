// The program picker (SPEC §2 step 10): a grid of the company's services with their icons;
// each is a toggle (aria-pressed), several may be chosen, Next submits. Once submitted the
// step is over and the picker is gone from the input area: the choice is locked.
import { useState } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { toJsonText } from "../../json/stringify-json.ts";
import { useWords } from "../shared/use-words.ts";

type ProgramsSpec = Extract<ResolvedInput, { kind: "programs" }>;

export function ProgramPicker({ input, onAnswer }: { input: ProgramsSpec; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  const [chosen, setChosen] = useState<string[]>(input.selected.filter((n) => input.options.some((o) => o.name === n)));
  const [submitted, setSubmitted] = useState(false);
  const toggle = (name: string) =>
    setChosen((now) => (now.includes(name) ? now.filter((n) => n !== name) : [...now, name]));
  const submit = () => {
    if (chosen.length === 0 || submitted) return;
    // Keep the grid's order, whatever the order of the taps.
    const ordered = input.options.map((o) => o.name).filter((n) => chosen.includes(n));
    if (onAnswer(toJsonText(ordered))) setSubmitted(true);
  };
  return (
    <div className="qa-programs">
      <div role="group" aria-label={w.services} className="qa-program-grid">
        {input.options.map((option) => {
          const on = chosen.includes(option.name);
          return (
            <button
              key={option.name}
              type="button"
              className={on ? "qa-program qa-program-on" : "qa-program"}
              aria-pressed={on}
              disabled={submitted}
              onClick={() => toggle(option.name)}
            >
              {option.icon ? <img className="qa-program-icon" src={option.icon} alt="" /> : <span className="qa-program-icon" aria-hidden="true" />}
              <span className="qa-program-name">{option.name}</span>
              {option.description && <span className="qa-program-desc">{option.description}</span>}
            </button>
          );
        })}
      </div>
      <p className="qa-program-hint" role="status">
        {chosen.length === 0 ? w.chooseService : w.selected(chosen.length)}
      </p>
      <button type="button" className="qa-choice qa-choice-primary qa-program-next" part="primary-button" disabled={chosen.length === 0 || submitted} onClick={submit}>
        {w.next}
      </button>
    </div>
  );
}
