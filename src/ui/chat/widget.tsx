// The widget's two shapes: a floating bubble that opens the chat window (default), or the chat
// window in place (inline). Focus moves into the window when it opens and back when it closes.
import { useAtomValue } from "jotai/react";
import { Activity, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { configStatusAtom, languageAtom, openAtom } from "../../state/atoms.ts";
import type { WidgetController, WidgetMode } from "../../state/widget-controller.ts";
import { ChatIcon, ChevronDownIcon } from "../shared/icons.tsx";
import { ChatWindow } from "./chat-window.tsx";
import { followVisualViewport } from "./follow-visual-viewport.ts";
import { useLaidOutAhead } from "./laid-out-ahead.ts";
import { useFirstWords, useWords } from "../shared/use-words.ts";

export interface WidgetProps {
  controller: WidgetController;
  mode: WidgetMode;
}

export function Widget({ controller, mode }: WidgetProps) {
  const w = useWords();
  const first = useFirstWords(controller.host);
  // Said in another language than the page's when the company chose it: screen readers follow.
  const lang = useAtomValue(languageAtom)?.lang;
  const open = useAtomValue(openAtom);
  const windowRef = useRef<HTMLDivElement>(null);
  const bubbleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  // Until the chat first opens, its window is rendered hidden, at React's lowest priority in
  // slices (issue 35): the click then only reveals it. Once closed, it goes as before.
  // State set while rendering, as React allows for a value derived from earlier renders: a ref
  // written here would keep the value of a render React threw away.
  const [openedOnce, setOpenedOnce] = useState(open);
  if (open && !openedOnce) setOpenedOnce(true);
  // ...and laid out ahead, in tasks of their own, once the configuration is in (laid-out-ahead.ts).
  const configReady = useAtomValue(configStatusAtom).status === "ready";
  const ahead = useLaidOutAhead(mode !== "inline" && !openedOnce && configReady, controller.host);

  // "ready" in the commit, not after the paint: on it the loader removes its own bubble, and a
  // task between the two would show a page (and a screen reader) two bubbles. The rest of
  // connect() (subscriptions, the configuration, waiting leads) after the paint, in a task of its
  // own: in the commit it made that task long at 4x CPU when the widget renders before any click
  // (issue 35). An open widget's commit is synchronous, and its effects run in the same task.
  useLayoutEffect(() => controller.announce(), [controller]);
  useEffect(() => controller.connect(), [controller]);

  useEffect(() => {
    if (open && !wasOpen.current) windowRef.current?.focus({ preventScroll: true });
    if (!open && wasOpen.current) {
      // Give focus back only if it was inside the closed window (or fell to the page).
      const root = bubbleRef.current?.getRootNode() as ShadowRoot | undefined;
      const focusWasLost = !root?.activeElement && (!document.activeElement || document.activeElement === document.body);
      if (focusWasLost || root?.activeElement) bubbleRef.current?.focus({ preventScroll: true });
    }
    wasOpen.current = open;
  }, [open]);

  // The open window over a phone's visible area, above its keyboard.
  useEffect(() => {
    const root = windowRef.current?.getRootNode();
    if (open && mode !== "inline" && root instanceof ShadowRoot) return followVisualViewport(root);
  }, [open, mode]);

  const close = useCallback(() => controller.setOpen(false), [controller]);

  if (mode === "inline") {
    return (
      <div className="qa-root qa-inline" lang={lang}>
        <ChatWindow ref={windowRef} controller={controller} inline />
      </div>
    );
  }
  return (
    <div className="qa-root qa-bubble-mode" lang={lang}>
      {(open || !openedOnce) && (
        <Activity mode={open || ahead ? "visible" : "hidden"}>
          <ChatWindow ref={windowRef} controller={controller} onClose={close} prerendered={!open} />
        </Activity>
      )}
      <button
        ref={bubbleRef}
        type="button"
        className="qa-bubble"
        part="bubble"
        aria-label={open ? w.bubbleClose : first.bubbleOpen}
        aria-expanded={open}
        onClick={() => controller.setOpen(!open)}
      >
        {open ? <ChevronDownIcon /> : <ChatIcon />}
      </button>
    </div>
  );
}
