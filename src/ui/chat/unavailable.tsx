// The widget's error state: the configuration could not be loaded, or a part of the chat broke.
// The visitor can call the company when its number is known, or try again.
import { CallLink } from "../shared/call-link.tsx";
import { useWords } from "../shared/use-words.ts";

export interface UnavailableProps {
  /** The company's phone, from the configuration when it loaded. */
  phone?: string | undefined;
  /** The company's currency, which tells its country's phone format (unknown: North American). */
  currency?: string | undefined;
  onRetry: () => void;
}

export function Unavailable({ phone, currency, onRetry }: UnavailableProps) {
  const w = useWords();
  return (
    <div className="qa-error" role="alert">
      <p className="qa-error-title">{w.unavailable}</p>
      <p className="qa-error-text">{w.unavailableText}</p>
      <div className="qa-error-actions">
        <CallLink phone={phone} currency={currency} />
        <button type="button" className="qa-choice" onClick={onRetry}>
          {w.tryAgain}
        </button>
      </div>
    </div>
  );
}
