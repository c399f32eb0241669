// The office's phone as a call button, where a servman conversation ends at the office
// (SPEC §4 'Emergency': Yes goes to call the office).
import type { ResolvedInput } from "../../flow/types.ts";

type CallSpec = Extract<ResolvedInput, { kind: "call" }>;

export function CallButton({ input }: { input: CallSpec }) {
  return (
    <div className="qa-choices">
      <a className="qa-choice qa-choice-primary qa-call" part="primary-button" href={input.href}>
        {input.label}
      </a>
    </div>
  );
}
