// A company-configured number question (SPEC §5): the engine checks whole / valid / min / max
// and its message shows under the field; the typed text stays.
import { useState, type FormEvent } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { FieldError, useFieldError } from "./field-error.tsx";
import { SendIcon } from "./send-icon.tsx";
import { useWords } from "../shared/use-words.ts";

type NumberSpec = Extract<ResolvedInput, { kind: "number" }>;

export function NumberInput({ input, onAnswer }: { input: NumberSpec; onAnswer: (value: string) => boolean }) {
  const w = useWords();
  const [value, setValue] = useState("");
  const error = useFieldError();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(value);
  };
  return (
    <form className="qa-text-form" onSubmit={submit} noValidate>
      <label className="qa-field-label" htmlFor="qa-number">
        {input.label}
      </label>
      <div className="qa-text-row">
        <input
          id="qa-number"
          className="qa-text"
          type="text"
          inputMode={input.whole ? "numeric" : "decimal"}
          autoComplete="off"
          maxLength={20}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby="qa-number-error"
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" className="qa-send" part="primary-button" aria-label={w.send}>
          <SendIcon />
        </button>
      </div>
      <div className="qa-field-meta">
        <FieldError id="qa-number-error" />
      </div>
    </form>
  );
}
