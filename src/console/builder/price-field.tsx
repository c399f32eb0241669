// One labelled field of the Prices form with its help and its error (issue 25, part B): the
// error is tied to the input (aria-invalid, aria-describedby), by the field's path in the document.
import type { ReactNode } from "react";

export const fieldId = (path: string) => `price-${path.replace(/\./g, "-")}`;

export function Field({ path, label, help, issues, children }: { path: string; label: string; help?: string; issues: Map<string, string>; children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const id = fieldId(path);
  const error = issues.get(path);
  const described = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {help ? (
        <small id={`${id}-help`} className="muted">
          {help}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}
