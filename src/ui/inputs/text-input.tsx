// A typed answer (SPEC §5): a counter n/max, a notice at the limit, an empty answer never
// accepted; Enter, leaving a filled field, or the send button submits. A refused answer shows
// the message and keeps what was typed. A phone number counts its digits: the punctuation and
// spaces people type around them are not part of the 11-digit limit (SPEC §5), and a digit
// past the limit is not taken. The phone's field may carry the texts consent box (issue 34):
// unticked, its own label, sent with the answer.
import { useState, type FormEvent } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { capPhoneDigits, stripPhone } from "../../config/query-flags.ts";
import { validation } from "../../i18n/en/validation.ts";
import { useAtomValue } from "jotai/react";
import { languageAtom } from "../../state/atoms.ts";
import { FieldError, useFieldError } from "./field-error.tsx";
import { SendIcon } from "./send-icon.tsx";
import { useWords } from "../shared/use-words.ts";

type TextSpec = Extract<ResolvedInput, { kind: "text" }>;

export function TextInput({ input, onAnswer }: { input: TextSpec; onAnswer: (value: string, values?: Record<string, string>) => boolean }) {
  const w = useWords();
  const maxLimit = (useAtomValue(languageAtom)?.validation ?? validation).maxLimit;
  const [value, setValue] = useState("");
  const [consent, setConsent] = useState(false);
  const error = useFieldError();
  const phone = input.inputMode === "tel";
  const counted = phone ? stripPhone(value).length : value.length;
  const atLimit = counted >= input.maxLength;

  // Enter or send on an empty field shows what the field needs; it never becomes an answer.
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onAnswer(value, consent ? { textConsentGiven: "true" } : undefined);
  };

  return (
    <form className="qa-text-form" onSubmit={submit} noValidate>
      <label className="qa-field-label" htmlFor="qa-text">
        {input.label}
      </label>
      <div className="qa-text-row">
        <input
          id="qa-text"
          className="qa-text"
          type={input.inputMode === "email" ? "email" : input.inputMode === "tel" ? "tel" : "text"}
          inputMode={input.inputMode}
          autoComplete={input.autocomplete ?? "off"}
          // Room for `+1 (614) 555-0199`; the digits are checked when the answer is sent.
          maxLength={phone ? input.maxLength + 10 : input.maxLength}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby="qa-text-error qa-text-count"
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setValue(phone ? capPhoneDigits(typed, input.maxLength) : typed);
          }}
          onBlur={(event) => {
            // Leaving for the send button is not leaving the answer.
            const toSend = event.currentTarget.form?.contains(event.relatedTarget as Node | null);
            if (!toSend && value.trim() !== "") submit();
          }}
        />
        <button type="submit" className="qa-send" part="primary-button" aria-label={w.send}>
          <SendIcon />
        </button>
      </div>
      <div className="qa-field-meta">
        <FieldError id="qa-text-error" />
        <span id="qa-text-count" className="qa-count">
          {counted}/{input.maxLength}
        </span>
      </div>
      {input.consent && (
        // A press on the words must not leave the phone field first: its blur would send the answer.
        <p className="qa-consent" onMouseDown={(event) => event.preventDefault()}>
          <input id="qa-consent" type="checkbox" checked={consent} onChange={(event) => setConsent(event.currentTarget.checked)} />
          <label htmlFor="qa-consent">{input.consent}</label>
        </p>
      )}
      {atLimit && (
        <p className="qa-limit" role="status">
          {maxLimit}
        </p>
      )}
    </form>
  );
}
