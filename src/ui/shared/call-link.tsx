// The company's phone as a tap-to-call link, formatted for its country ("Call (614) 555-0100"),
// or nothing when the company has no phone: the ends of the conversation and the error state.
import { phoneLink } from "../../config/phone-format.ts";
import { useWords } from "./use-words.ts";

export function CallLink({ phone, currency }: { phone: string | undefined; currency?: string | undefined }) {
  const w = useWords();
  const link = phoneLink(phone, currency);
  if (!link) return null;
  return (
    <a className="qa-choice qa-choice-primary qa-call" part="primary-button" href={link.href}>
      {w.call} {link.text}
    </a>
  );
}
