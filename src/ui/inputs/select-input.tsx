// A choice from a list the company configured (SPEC §2 step 6: the marketing source), with
// a Next button so arrowing through the list never submits by accident.
import { useState, type FormEvent } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { useWords } from "../shared/use-words.ts";

type SelectSpec = Extract<ResolvedInput, { kind: "select" }>;

export function SelectInput({ input, onAnswer }: { input: SelectSpec; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  const [value, setValue] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) onAnswer(value);
  };
  return (
    <form className="qa-text-form" onSubmit={submit}>
      <label className="qa-field-label" htmlFor="qa-select">
        {input.prompt}
      </label>
      <div className="qa-text-row">
        <select id="qa-select" className="qa-select" value={value} onChange={(e) => setValue(e.currentTarget.value)}>
          {/* The question is the label above: the empty choice says only what to do, and fits. */}
          <option value="" disabled>
            {w.chooseOne}
          </option>
          {input.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" className="qa-choice qa-choice-primary" part="primary-button" disabled={!value}>
          {w.next}
        </button>
      </div>
    </form>
  );
}
