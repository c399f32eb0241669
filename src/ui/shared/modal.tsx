// A modal dialog inside the widget's shadow root: focus moves in when it opens, Tab and
// Shift+Tab stay inside, Escape closes it, and focus returns where it was when it closes.
import { useSetAtom } from "jotai/react";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { openModalsAtom } from "../../state/atoms.ts";
import { CloseIcon } from "./icons.tsx";
import { useWords } from "./use-words.ts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * What Tab can reach, in order: not the wrap-around sentinel, nothing taken out of the tab
 * order (a radio group's other options), nothing hidden by CSS (a step not shown on phones).
 */
function tabbableIn(panel: HTMLElement): HTMLElement[] {
  // Payment fields live in the host's light DOM, shown here through a <slot>: they count too.
  const inOrder = Array.from(panel.querySelectorAll<HTMLElement>(`${FOCUSABLE}, slot`)).flatMap((el) =>
    el instanceof HTMLSlotElement
      ? el.assignedElements({ flatten: true }).flatMap((assigned) => [
          ...(assigned.matches(FOCUSABLE) ? [assigned as HTMLElement] : []),
          ...Array.from(assigned.querySelectorAll<HTMLElement>(FOCUSABLE)),
        ])
      : [el],
  );
  return inOrder.filter(
    (el) => el.tabIndex >= 0 && !el.classList.contains("qa-focus-sentinel") && (el.checkVisibility?.() ?? true),
  );
}

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the panel (e.g. a wide one for the measuring tool). */
  className?: string;
}

export function Modal({ title, onClose, children, className = "" }: ModalProps) {
  const w = useWords();
  const panelRef = useRef<HTMLDivElement>(null);
  const setOpenModals = useSetAtom(openModalsAtom);

  // Counted while open: the confirmation overlay never comes up over a modal (SPEC §2).
  useEffect(() => {
    setOpenModals((count) => count + 1);
    return () => setOpenModals((count) => Math.max(0, count - 1));
  }, [setOpenModals]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const root = panel.getRootNode() as ShadowRoot | Document;
    const returnTo = (root.activeElement ?? document.activeElement) as HTMLElement | null;
    panel.querySelector<HTMLElement>(".qa-modal-close")?.focus({ preventScroll: true });
    return () => {
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panelRef.current) return;
    const focusable = tabbableIn(panelRef.current);
    if (focusable.length === 0) return;
    const root = panelRef.current.getRootNode() as ShadowRoot;
    const first = focusable[0]!;
    const last = focusable.at(-1)!;
    // Focus in a slotted (light-DOM) field is the document's, not the shadow root's.
    const active = root.activeElement ?? document.activeElement;
    if (event.shiftKey && active === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="qa-modal-backdrop">
      <div
        ref={panelRef}
        className={`qa-modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="qa-modal-title"
        onKeyDown={onKeyDown}
      >
        <div className="qa-modal-header">
          <h2 id="qa-modal-title" className="qa-modal-title">
            {title}
          </h2>
          <button type="button" className="qa-icon-button qa-modal-close" aria-label={w.close} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="qa-modal-body">{children}</div>
        {/* Tab out of a cross-origin iframe never reaches our key handler: wrap around here. */}
        <span tabIndex={0} className="qa-focus-sentinel" onFocus={() => panelRef.current?.querySelector<HTMLElement>(".qa-modal-close")?.focus()} />
      </div>
    </div>
  );
}
