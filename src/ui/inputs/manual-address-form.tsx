// The address typed by hand when the search knows it not (issue 16): four labelled fields,
// checked together (src/address/manual-address.ts); the answer then goes on as a picked one,
// without a map position (the measuring tool and the size lookup work from the address).
import { useState, type FormEvent } from "react";
import { checkManualAddress, manualAddressLabels } from "../../address/manual-address.ts";
import { useWords } from "../shared/use-words.ts";

const AUTOCOMPLETE = ["address-line1", "address-level2", "address-level1", "postal-code"];

export function ManualAddressForm(props: { country: string | undefined; onAnswer: (value: string, values: Record<string, string>) => boolean }) {
  const w = useWords();
  const [error, setError] = useState("");
  const labels = manualAddressLabels(props.country, w.addressFields);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = [...event.currentTarget.querySelectorAll("input")].map((input) => input.value);
    const v = checkManualAddress(typed, props.country);
    if (typeof v === "number") return setError(w.fieldMissing(labels[v]!));
    props.onAnswer(`${v.customerAddress}, ${v.customerCity}, ${[v.customerState, v.customerZip].join(" ").trim()}`, v);
  };
  return (
    <form className="qa-text-form" onSubmit={submit} noValidate aria-label={w.typeYourAddress}>
      {labels.map((label, i) => (
        <label key={i} className="qa-field-label">
          {label}
          <input className="qa-text" autoComplete={AUTOCOMPLETE[i]} />
        </label>
      ))}
      <p className="qa-field-error" role="alert">
        {error}
      </p>
      <button type="submit" className="qa-choice">
        {w.continue}
      </button>
    </form>
  );
}
