// SPEC §2 'Confirmation overlay': the visitor's details reached the team; a call button for
// emergencies; and a way back to the chat for a visitor who returns to it.
import { useAtom } from "jotai/react";
import { useEffect, useRef } from "react";
import type { CompanyConfig } from "../../config/company-config.ts";
import { confirmationShownAtom } from "../../state/atoms.ts";
import { useWords } from "../shared/use-words.ts";

export function ConfirmationOverlay({ config }: { config: CompanyConfig }) {
  const w = useWords();
  const [shown, setShown] = useAtom(confirmationShownAtom);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Focus moves to the overlay only when the visitor is not in a field: the overlay must never
  // take the caret from someone who is typing (a role="alertdialog" is announced either way).
  useEffect(() => {
    const heading = headingRef.current;
    if (!shown || !heading) return;
    const root = heading.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement ?? document.activeElement;
    if (!isField(active) && !isField(document.activeElement)) heading.focus({ preventScroll: true });
  }, [shown]);

  if (!shown) return null;
  const digits = config.companyPhone?.replace(/[^\d+]/g, "");
  return (
    <div className="qa-overlay" role="alertdialog" aria-labelledby="qa-overlay-title" aria-describedby="qa-overlay-text">
      <h3 id="qa-overlay-title" className="qa-overlay-title" tabIndex={-1} ref={headingRef}>
        {w.sentTitle}
      </h3>
      <p id="qa-overlay-text" className="qa-overlay-text">
        {w.sentText}
      </p>
      {digits && (
        <>
          <p className="qa-overlay-text">{w.emergency}</p>
          <a className="qa-choice qa-choice-primary qa-call" part="primary-button" href={`tel:${digits}`}>
            {w.contactUs}
          </a>
        </>
      )}
      <button type="button" className="qa-choice" onClick={() => setShown(false)}>
        {w.backToChat}
      </button>
    </div>
  );
}

function isField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return element.matches("input:not([type=button]):not([type=submit]):not([type=radio]):not([type=checkbox]), textarea, select");
}
