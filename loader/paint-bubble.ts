// The facade bubble: plain DOM in a shadow root of its own, the same look and place as the
// real widget's bubble (src/ui/shared/bubble-look.ts), so the swap shows no jump.
import { BUBBLE_CSS, CHAT_ICON_PATH } from "../src/ui/shared/bubble-look.ts";
import { bubbleBrandCss } from "../src/config/brand-colors.ts";
import { DEFAULT_TITLE, WINDOW_CSS } from "../src/ui/shared/window-look.ts";

/** Every gesture that says "the visitor may open the chat soon": worth starting the download. */
const INTENT_EVENTS = ["pointerenter", "focus", "touchstart"];

/** Creates an element with attributes; `svg` picks the SVG namespace (a plain createElement gives an inert element). */
export const createElementWith = <T extends Element = HTMLElement>(
  tag: string,
  attributes: Record<string, string>,
  svg?: boolean,
): T => {
  const element = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  // Own keys only: a page may have added enumerable properties to Object.prototype.
  for (const name of Object.keys(attributes)) element.setAttribute(name, attributes[name]!);
  return element as unknown as T;
};

/**
 * Styles through adoptedStyleSheets: a strict CSP (`style-src 'self'`) allows them while it
 * blocks `<style>` tags and `style=` attributes. The `<style>` fallback only serves browsers
 * without constructable sheets (Safari < 16.4, Firefox < 101).
 */
const applyStyles = (root: ShadowRoot, css: string): void => {
  if (root.adoptedStyleSheets) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    const style = createElementWith("style", {});
    style.textContent = css;
    root.append(style);
  }
};

/**
 * Appends the facade host to document.body (which must exist) and wires the gestures:
 * `onIntent` for hover, focus and touch (load only), `onPress` when a pointer or key goes down
 * on it, `onClick` for a click (load and open); `color` is the snippet's `data-color`, `label`
 * the bubble's name in the page's language (src/i18n/first-words.ts).
 * Built with DOM calls, not innerHTML, so a Trusted Types policy cannot block it.
 */
export const paintBubble = (onIntent: () => void, onPress: () => void, onClick: () => void, label: string, color?: string): HTMLElement => {
  const host = createElementWith("div", { "data-quote-assistant-facade": "" });
  const root = host.attachShadow({ mode: "open" });
  // `all: initial` stops the host page's inherited fonts, colours and such at the host.
  // `display: contents`: the host makes no box, so the page gets no line box for it. As an
  // inline box it made Chromium set up fonts for it, on a page without text a 20-50 ms long
  // task at 4x CPU slowdown (bench/), for a bubble that has no text at all.
  // One layer above the widget's own bubble, which is painted in the same place before the
  // facade gives way: a press that began on the facade must end on it.
  // The snippet's `data-color` paints the bubble in the company's colour from the first frame
  // (parsed, so only a colour reaches the CSS; a wrong one leaves the default look).
  applyStyles(root, ":host{all:initial;display:contents}" + bubbleBrandCss(color || "") + BUBBLE_CSS + ".qa-bubble{z-index:2147483001}");
  const button = createElementWith("button", { class: "qa-bubble", part: "bubble", type: "button", "aria-label": label });
  // No `focusable="false"`: only IE and EdgeHTML focused an SVG by itself, and neither can run this file.
  const icon = createElementWith("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, true);
  icon.append(createElementWith("path", { d: CHAT_ICON_PATH }, true));
  button.append(icon);
  for (const type of INTENT_EVENTS) button.addEventListener(type, onIntent, { passive: true });
  button.addEventListener("pointerdown", onPress);
  button.addEventListener("keydown", onPress);
  button.addEventListener("click", onClick);
  root.append(button);
  document.body.append(host);
  return host;
};

/**
 * The chat window's shell, painted in the facade on the first click while the bundle loads: the
 * same frame and header as the widget's window (src/ui/shared/window-look.ts) with the typing
 * dots. It is already the dialog (issue 27): named by its header, `aria-busy` while the widget
 * loads, and focused, so a screen reader hears the chat open at the click. The header says the
 * company's name when the snippet gives it (`data-name`), as the widget's loading window does.
 * The widget hides it from assistive technology as its own window appears (never two dialogs;
 * src/ui/chat/chat-window.tsx), and it goes with the facade.
 */
export const paintShell = (host: HTMLElement, name?: string): HTMLElement => {
  // Parsed only now: the page's start pays for the bubble alone. The shell's window sits one
  // layer above the widget's, for the same reason as the bubble.
  applyStyles(host.shadowRoot!, WINDOW_CSS + ".qa-window{z-index:2147483002}");
  const shell = createElementWith("div", { class: "qa-root qa-bubble-mode", "data-shell": "" });
  const frame = createElementWith("div", { class: "qa-window", role: "dialog", "aria-labelledby": "t", "aria-busy": "true", tabindex: "-1" });
  const header = createElementWith("div", { class: "qa-header" });
  const text = createElementWith("div", { class: "qa-header-text" });
  const title = createElementWith("p", { class: "qa-header-title", id: "t" });
  title.textContent = name || DEFAULT_TITLE;
  text.append(title);
  // Where the widget's close button stands, so the header has the same height.
  header.append(text, createElementWith("span", { class: "qa-icon-button" }));
  const body = createElementWith("div", { class: "qa-body" });
  const log = createElementWith("div", { class: "qa-log" });
  const typing = createElementWith("div", { class: "qa-typing" });
  typing.append(createElementWith("span", {}), createElementWith("span", {}), createElementWith("span", {}));
  log.append(typing);
  body.append(log);
  frame.append(header, body);
  shell.append(frame);
  host.shadowRoot!.append(shell);
  frame.focus({ preventScroll: true });
  return shell;
};
