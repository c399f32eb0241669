// The chat window's frame, header and typing indicator, shared by the widget's stylesheet and
// the loader's shell (loader/paint-shell.ts), which paints the same frame on the first click
// before the bundle has run, so the widget takes it over without a jump. Plain strings only:
// the loader must stay dependency-free.
import { BUBBLE_OFFSET_PX, BUBBLE_SIZE_PX } from "./bubble-look.ts";
import { BRAND, FONT, ON_BRAND, RADIUS } from "./theme.ts";

const WINDOW_GAP_PX = BUBBLE_OFFSET_PX + BUBBLE_SIZE_PX + 12;

/** The window's title until the company configuration has loaded. */
export const DEFAULT_TITLE = "Quote Assistant";

/** Rules inside a shadow root: the root's font, the window, its header, the typing dots. */
export const WINDOW_CSS = `
.qa-root{all:initial;display:block;font-family:${FONT};font-size:15px;line-height:1.45;color:#1d2a24;font-style:normal;font-weight:400;letter-spacing:normal;text-align:left}
.qa-window{position:fixed;right:${BUBBLE_OFFSET_PX}px;bottom:${WINDOW_GAP_PX}px;z-index:2147483001;width:380px;height:640px;max-height:calc(100vh - ${WINDOW_GAP_PX + 20}px);display:flex;flex-direction:column;background:#fff;border-radius:${RADIUS};box-shadow:0 12px 40px rgba(0,0,0,.22);overflow:hidden}
.qa-header{display:flex;align-items:center;gap:10px;padding:10px 8px 10px 14px;background:${BRAND};color:${ON_BRAND};flex:none}
.qa-header-text{flex:1;min-width:0}
.qa-header-title{margin:0;font-size:16px;font-weight:700;line-height:1.2;color:inherit;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.qa-icon-button{all:unset;box-sizing:border-box;width:44px;height:44px;border-radius:50%;display:flex;align-items:center;justify-content:center;cursor:pointer;color:inherit;flex:none}
.qa-body{flex:1;min-height:0;display:flex;flex-direction:column;background:#f6f8f7}
.qa-log{flex:1;min-height:0;overflow-y:auto;padding:16px 14px 8px;display:flex;flex-direction:column;gap:8px;overscroll-behavior:contain}
.qa-typing{align-self:flex-start;display:flex;gap:4px;padding:12px 14px;background:#fff;border:1px solid #dfe6e2;border-radius:16px;border-bottom-left-radius:4px}
.qa-typing span{width:7px;height:7px;border-radius:50%;background:#7d8c85}
@media (prefers-reduced-motion:no-preference){.qa-typing span{animation:qa-blink 1.2s infinite ease-in-out}.qa-typing span:nth-child(2){animation-delay:.2s}.qa-typing span:nth-child(3){animation-delay:.4s}}
@keyframes qa-blink{0%,80%,100%{opacity:.3}40%{opacity:1}}
@media (max-width:768px){.qa-bubble-mode .qa-window{inset:0;width:auto;height:100%;max-height:none;border-radius:0}}
`;
