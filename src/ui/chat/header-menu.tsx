// The header's menu (⋮): 'Start over', a new conversation from the greeting, reachable at any
// point, a dead end included. A menu rather than a bare button, so a stray tap on the header
// does not throw the visitor's answers away. Escape or a click elsewhere closes it; focus goes
// back to the menu button.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { MoreIcon } from "../shared/icons.tsx";
import { useWords } from "../shared/use-words.ts";

export function HeaderMenu({ onStartOver }: { onStartOver: () => void }) {
  const w = useWords();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    itemRef.current?.focus();
    const root = menuRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    const onPointerDown = (event: Event) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
    };
    root?.addEventListener("pointerdown", onPointerDown);
    return () => root?.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && open) {
      // The window's Escape closes the chat: here it only closes the menu.
      event.stopPropagation();
      close();
    }
  };

  return (
    <div className="qa-menu" ref={menuRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="qa-icon-button"
        aria-label={w.menu}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="qa-menu-list"
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open && (
        <div id="qa-menu-list" className="qa-menu-list" role="menu" aria-label={w.menu}>
          <button
            ref={itemRef}
            type="button"
            role="menuitem"
            className="qa-menu-item"
            onClick={() => {
              close();
              onStartOver();
            }}
          >
            {w.startOver}
          </button>
        </div>
      )}
    </div>
  );
}
