// The answer buttons of the current step. After a click the buttons go away; focus waits on
// the chat window and moves to the next step's first button, so keyboard users never fall out.
import { useAtomValue } from "jotai/react";
import { useEffect, useRef } from "react";
import { pendingInputAtom } from "../../state/atoms.ts";
import type { WidgetController } from "../../state/widget-controller.ts";

export function ChoiceInput({ controller }: { controller: WidgetController }) {
  const pending = useAtomValue(pendingInputAtom);
  const groupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const group = groupRef.current;
    if (!pending || !group) return;
    const root = group.getRootNode() as ShadowRoot;
    const focused = root.activeElement;
    if (focused?.classList.contains("qa-window")) group.querySelector("button")?.focus({ preventScroll: true });
  }, [pending]);

  return (
    <div className="qa-input">
      {pending && (
        <div ref={groupRef} role="group" aria-label="Your answer" className="qa-choices">
          {pending.input.options.map((option, index) => (
            <button
              key={option.value}
              type="button"
              className={index === 0 ? "qa-choice qa-choice-primary" : "qa-choice"}
              onClick={(event) => {
                const window = event.currentTarget.closest<HTMLElement>(".qa-window");
                window?.focus({ preventScroll: true });
                controller.conversation.answer(option.value);
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
