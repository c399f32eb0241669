// The widget's error state: the configuration could not be loaded, or a part of the chat broke.
// The visitor can call the company when its number is known, or try again.
import { formatPhone, telHref } from "../../flow/scheduling.ts";
import { UNAVAILABLE_TITLE } from "../../state/load-config.ts";

export interface UnavailableProps {
  /** The company's phone, from the configuration when it loaded. */
  phone?: string | undefined;
  onRetry: () => void;
}

export function Unavailable({ phone, onRetry }: UnavailableProps) {
  const href = phone ? telHref(phone) : null;
  return (
    <div className="qa-error" role="alert">
      <p className="qa-error-title">{UNAVAILABLE_TITLE}</p>
      <p className="qa-error-text">Please try again in a few minutes, or contact the company directly.</p>
      <div className="qa-error-actions">
        {href && phone && (
          <a className="qa-choice qa-choice-primary qa-call" part="primary-button" href={href}>
            Call {formatPhone(phone)}
          </a>
        )}
        <button type="button" className="qa-choice" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}
