// The office's phone as a call button, where a servman conversation ends at the office
// (SPEC §4 'Emergency': Yes goes to call the office). Comes with ServMan's chapter
// (dist/quote-assistant-servman.js, ./servman-views-contract.ts), on the widget's React.
import type { ResolvedInput } from "../../flow/types.ts";

export interface CallButtonProps {
  input: Extract<ResolvedInput, { kind: "call" }>;
}

export function CallButton({ input }: CallButtonProps) {
  return (
    <div className="qa-choices">
      <a className="qa-choice qa-choice-primary qa-call" part="primary-button" href={input.href}>
        {input.label}
      </a>
    </div>
  );
}
