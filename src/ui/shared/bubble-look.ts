// The chat bubble's look, shared by the loader's facade and the widget so that swapping
// one for the other shows no jump. Plain strings only: the loader must stay dependency-free.

import { BRAND, FOCUS_COLOR, ON_BRAND } from "./theme.ts";

export const BUBBLE_SIZE_PX = 60;
export const BUBBLE_OFFSET_PX = 20;

/** A speech-bubble icon, 24x24 viewBox. */
export const CHAT_ICON_PATH =
  "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z";

/** Rules for `.qa-bubble` (a button) inside a shadow root. px sizes: host rem/em cannot leak in. */
export const BUBBLE_CSS = `
.qa-bubble{all:initial;position:fixed;right:${BUBBLE_OFFSET_PX}px;bottom:${BUBBLE_OFFSET_PX}px;z-index:2147483000;box-sizing:border-box;width:${BUBBLE_SIZE_PX}px;height:${BUBBLE_SIZE_PX}px;border-radius:50%;background:${BRAND};color:${ON_BRAND};display:flex;align-items:center;justify-content:center;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);-webkit-tap-highlight-color:transparent}
.qa-bubble:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:3px}
.qa-bubble svg{width:30px;height:30px;fill:currentColor;display:block}
@media (prefers-reduced-motion:no-preference){.qa-bubble{transition:transform .15s ease}.qa-bubble:hover{transform:scale(1.06)}}
`;
