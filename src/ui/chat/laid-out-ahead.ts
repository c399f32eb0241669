// The closed chat's window laid out before the click (issue 35). Rendered ahead it stays hidden
// (React's <Activity mode="hidden">: display none, its effects not run), so the click that
// opened it paid for the window's first style and layout before the frame that shows it: 30-60
// ms at 4x CPU, most of it the browser finding each font the window's text is set in (a trace
// on Linux: 66 ms of layout for 33 boxes, 8 font lookups, each a round trip to the browser
// process). Once the company's configuration is in, in tasks STEP_MS apart: the window's fonts
// are read from its hidden text, then each is laid out on its own, one per task; then the window
// is made visible to layout but not to the eye (`.qa-window-ahead`: the window's frame with
// visibility hidden, out of the tab order and of screen readers too) and its effects run. The
// click then only swaps the class and paints. A visitor who never opens the chat pays those
// tasks (each under 35 ms at 4x CPU) and the window's layout in memory.
import { startTransition, useEffect, useState } from "react";

/** Between two steps: each is a task of its own, with the page's own tasks between them. */
const STEP_MS = 50;

/** The fonts (`font` shorthands) of the text under `root`, from its computed styles (it may be display none). */
export function fontsOf(root: Element): string[] {
  const fonts = new Set<string>();
  for (const element of root.querySelectorAll("*")) {
    if (element.childElementCount || !element.textContent) continue;
    const style = getComputedStyle(element);
    fonts.add(`${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`);
  }
  return [...fonts];
}

/** Lays out a word in `font` in `parent` and removes it in the same task (nothing is painted): the browser has found the font. */
export function primeFont(parent: Element, font: string): void {
  const word = document.createElement("span");
  word.style.font = font;
  word.textContent = "Quote";
  parent.append(word);
  word.getBoundingClientRect();
  word.remove();
}

/**
 * True once the fonts of `host`'s window are primed, a task each, after `wanted` first holds (then a
 * transition: React may yield in its render). A click before then reveals the window as before.
 */
export function useLaidOutAhead(wanted: boolean, host: HTMLElement): boolean {
  const [ahead, setAhead] = useState(false);
  useEffect(() => {
    if (!wanted || ahead) return;
    let fonts: string[] | undefined;
    let timer: ReturnType<typeof setTimeout>;
    // The hidden window commits at React's lowest priority: it may not be there yet (for a while).
    let waits = 100;
    const step = () =>
      (timer = setTimeout(() => {
        // Not a ref: React attaches none in a subtree that has only been hidden.
        const root = host.shadowRoot?.querySelector('[part="window"]');
        if (!root?.parentElement) return waits-- && step();
        if (!fonts) fonts = fontsOf(root);
        else if (fonts.length) primeFont(root.parentElement, fonts.pop()!);
        else return startTransition(() => setAhead(true));
        step();
      }, STEP_MS));
    step();
    return () => clearTimeout(timer);
  }, [wanted, ahead, host]);
  return ahead;
}
