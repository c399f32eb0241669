// The widget's stylesheet, adopted into its shadow root (a strict CSP allows constructed
// stylesheets where it blocks <style> tags). px sizes only: host rem/em must not leak in.
// `:host{all:initial}` loses to a host page's `quote-assistant{...!important}`, and inherited
// properties would then flow in; `.qa-root{all:initial}` stops them at our first element.
// The proposal's and checkout's CSS come with the quote chunk (src/ui/quote-chunk/), adopted
// after this sheet when it arrives; ServMan's calendar's with the scheduling chunk.
import { BUBBLE_CSS } from "./shared/bubble-look.ts";
import { BRAND, BRAND_INK, BRAND_SOFT, FOCUS_COLOR, FONT, ON_BRAND, RADIUS } from "./shared/theme.ts";
import { WINDOW_CSS } from "./shared/window-look.ts";

export const WIDGET_CSS = `
:host{all:initial;display:block}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:border-box}
${BUBBLE_CSS}
${WINDOW_CSS}
@media (max-width:768px){.qa-bubble-mode .qa-window{top:var(--qa-vv-top,0);height:var(--qa-vv-height,100dvh)}}
.qa-window-ahead{visibility:hidden}
.qa-inline{width:100%;height:100%}
.qa-inline .qa-window{position:relative;right:auto;bottom:auto;z-index:auto;width:100%;height:100%;min-height:420px;max-height:none;box-shadow:0 2px 12px rgba(0,0,0,.14)}
.qa-inline .qa-header,.qa-inline .qa-log,.qa-inline .qa-input{padding-left:max(14px,calc((100% - 720px)/2));padding-right:max(14px,calc((100% - 720px)/2))}
.qa-window:focus{outline:none}
.qa-header-logo{width:40px;height:40px;border-radius:50%;background:#fff;object-fit:contain;padding:4px;flex:none}
.qa-header-sub{margin:0;font-size:12px;line-height:1.3;color:inherit;opacity:.9;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.qa-menu{position:relative;flex:none}
.qa-menu-list{position:absolute;right:0;top:100%;z-index:3;min-width:160px;margin-top:4px;padding:4px;background:#fff;border:1px solid #dfe6e2;border-radius:10px;box-shadow:0 8px 24px rgba(0,0,0,.18)}
.qa-menu-item{all:unset;box-sizing:border-box;display:block;width:100%;min-height:44px;padding:12px 14px;border-radius:8px;color:#1d2a24;font:600 15px/1.2 ${FONT};cursor:pointer}
.qa-menu-item:hover,.qa-menu-item:focus-visible{background:${BRAND_SOFT};outline:none}
.qa-menu-item:focus-visible{box-shadow:inset 0 0 0 2px ${FOCUS_COLOR}}
.qa-icon-button:hover{background:rgba(127,127,127,.2)}
.qa-icon-button:focus-visible{outline:3px solid ${ON_BRAND};outline-offset:-3px}
.qa-icon-button svg{width:22px;height:22px;fill:currentColor;display:block}
.qa-log:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:-3px}
.qa-log-entries{display:flex;flex-direction:column;gap:8px}
.qa-splash{display:flex;flex-direction:column;align-items:center;text-align:center;gap:6px;padding:12px 8px 16px}
.qa-splash img{width:72px;height:72px;object-fit:contain}
.qa-splash-name{margin:0;font-size:17px;font-weight:700;color:#1d2a24}
.qa-splash-tag{margin:0;font-size:13px;color:#4d5c55}
.qa-msg{max-width:85%;padding:9px 13px;border-radius:16px;white-space:pre-wrap;overflow-wrap:anywhere;margin:0;font-size:15px}
.qa-msg-row{display:flex;align-items:flex-end;gap:6px;align-self:flex-start;max-width:92%}
.qa-msg-row .qa-msg{max-width:none;min-width:0}
.qa-avatar{width:28px;height:28px;border-radius:50%;object-fit:cover;flex:none;align-self:flex-start}
.qa-msg-bot{align-self:flex-start;background:#fff;color:#1d2a24;border:1px solid #dfe6e2;border-bottom-left-radius:4px}
.qa-msg-call{color:inherit;font-weight:600;text-decoration:underline;white-space:nowrap}
.qa-msg-visitor{align-self:flex-end;background:${BRAND};color:${ON_BRAND};border-bottom-right-radius:4px}
.qa-input{flex:none;padding:10px 14px 14px;border-top:1px solid #dfe6e2;background:#fff;min-height:20px}
.qa-programs{display:flex;flex-direction:column;gap:8px}
.qa-program-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(104px,1fr));gap:8px;padding:2px}
.qa-program{all:unset;box-sizing:border-box;display:flex;flex-direction:column;align-items:center;gap:4px;min-height:96px;padding:10px 6px;border-radius:12px;border:2px solid #cfd9d3;background:#fff;color:#1d2a24;text-align:center;cursor:pointer;font:600 13px/1.25 ${FONT}}
.qa-program:hover{border-color:${BRAND}}
.qa-program:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-program-on{border-color:${BRAND};background:${BRAND_SOFT};box-shadow:inset 0 0 0 1px ${BRAND}}
.qa-program[disabled]{cursor:default;opacity:.75}
.qa-program-icon{width:40px;height:40px;object-fit:contain;display:block}
.qa-program-desc{font-weight:400;font-size:12px;color:#4d5c55}
.qa-program-hint{margin:0;font-size:13px;color:#4d5c55;text-align:right}
.qa-program-next{align-self:flex-end}
.qa-choice[disabled]{opacity:.5;cursor:not-allowed}
.qa-rating{display:flex;flex-direction:column;align-items:center;gap:6px}
.qa-stars{display:flex;gap:4px;padding:4px;border-radius:10px;cursor:pointer;touch-action:manipulation}
.qa-stars:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-star{width:44px;height:44px;display:block}
.qa-star-empty{fill:#dfe6e2}
.qa-star-full{fill:#f5b800}
.qa-rating-value{margin:0;font-size:14px;color:#1d2a24;font-weight:600}
.qa-calculating{align-self:center;display:flex;flex-direction:column;align-items:center;padding:8px}
.qa-calculating-art{width:160px;height:96px;display:block}
.qa-calculating-img{max-width:200px;max-height:140px}
.qa-calc-soil{fill:#8a6a4a}
.qa-calc-blade{fill:${BRAND};transform-origin:50% 100%;transform-box:fill-box;animation:qa-grow 1.2s ease-in-out infinite alternate}
.qa-calc-blade-1{animation-delay:.2s}
.qa-calc-blade-2{animation-delay:.4s}
.qa-calc-shield path:first-child{fill:${BRAND};animation:qa-pulse 1.2s ease-in-out infinite alternate;transform-origin:50% 50%;transform-box:fill-box}
.qa-calc-check{fill:none;stroke:#fff;stroke-width:5;stroke-linecap:round;stroke-linejoin:round}
@keyframes qa-grow{from{transform:scaleY(.35)}to{transform:scaleY(1)}}
@keyframes qa-pulse{from{transform:scale(.9)}to{transform:scale(1)}}
@media (prefers-reduced-motion:reduce){.qa-calc-blade,.qa-calc-shield path:first-child{animation:none}}
.qa-choices{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;margin:0;padding:0;border:0}
.qa-choice{all:unset;box-sizing:border-box;min-height:44px;padding:10px 18px;border-radius:22px;border:2px solid ${BRAND};color:${BRAND_INK};background:#fff;font:600 15px/1.2 ${FONT};cursor:pointer;text-align:center}
@media (hover){.qa-choice:hover{background:#e8f3ed}}
.qa-choice:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-choice-primary{background:${BRAND};color:${ON_BRAND}}
.qa-choice-primary:hover{background:${BRAND};filter:brightness(.9)}
.qa-msg-image{align-self:flex-start;max-width:85%;width:280px;height:auto;border-radius:12px;border:1px solid #dfe6e2;background:#e8eeeb}
.qa-text-form{display:flex;flex-direction:column;gap:4px;margin:0;position:relative}
.qa-field-label{display:grid;gap:2px;font-size:13px;font-weight:600;color:#33423b}
.qa-text-row{display:flex;gap:8px;align-items:stretch}
.qa-text,.qa-select{all:unset;box-sizing:border-box;flex:1;min-width:0;min-height:44px;padding:10px 12px;border:2px solid #b9c7c0;border-radius:10px;background:#fff;color:#1d2a24;font:16px/1.3 ${FONT}}
.qa-select{appearance:auto;cursor:pointer}
.qa-text:focus,.qa-select:focus{border-color:${BRAND};outline:3px solid ${FOCUS_COLOR};outline-offset:1px}
.qa-text[aria-invalid="true"]{border-color:#b3261e}
.qa-send{all:unset;box-sizing:border-box;width:44px;height:44px;border-radius:50%;background:${BRAND};color:${ON_BRAND};display:flex;align-items:center;justify-content:center;cursor:pointer;flex:none}
.qa-send:disabled{background:#9fb3a9;cursor:default}
.qa-send:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-send svg{width:20px;height:20px;fill:currentColor;display:block}
.qa-field-meta{display:flex;justify-content:space-between;gap:8px;align-items:flex-start;min-height:18px}
.qa-field-error{margin:0;color:#b3261e;font-size:13px;font-weight:600}
.qa-count{font-size:12px;color:#5b6b63;margin-left:auto;flex:none}
.qa-limit{margin:0;font-size:12px;color:#8a5a00}
.qa-consent{display:flex;gap:8px;align-items:flex-start;margin:4px 0 0;font-size:12px;line-height:1.4;color:#3c4a43}
.qa-consent input{margin:2px 0 0;flex:none;accent-color:${BRAND}}
.qa-consent input:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-suggestions{position:absolute;left:0;right:0;bottom:100%;margin:0 0 6px;padding:4px;list-style:none;background:#fff;border:1px solid #b9c7c0;border-radius:10px;box-shadow:0 -6px 20px rgba(0,0,0,.12);max-height:240px;overflow-y:auto;z-index:2}
.qa-suggestion{padding:10px 12px;border-radius:8px;cursor:pointer;font-size:14px;color:#1d2a24}
.qa-suggestion-active,.qa-suggestion:hover{background:#e8f3ed}
.qa-search-status{margin:0;font-size:13px;color:#4d5c55;min-height:18px}
.qa-attribution{margin:2px 0 0;font-size:11px;color:#4d5c55;text-align:right}
[hidden]{display:none!important}
.qa-body{position:relative}
.qa-overlay{position:absolute;inset:0;z-index:3;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;background:rgba(246,248,247,.97)}
.qa-overlay-title{margin:0;font-size:18px;font-weight:700;color:#1d2a24;outline:none}
.qa-overlay-text{margin:0;color:#33423b}
.qa-modal-backdrop{position:fixed;inset:0;z-index:2147483002;background:rgba(16,24,20,.55);display:flex;align-items:center;justify-content:center;padding:16px}
.qa-modal{display:flex;flex-direction:column;width:min(560px,100%);max-height:100%;background:#fff;border-radius:${RADIUS};box-shadow:0 20px 60px rgba(0,0,0,.35);overflow:hidden}
.qa-modal-wide{width:min(960px,100%);height:min(720px,100%)}
.qa-modal-header{display:flex;align-items:center;gap:8px;padding:8px 8px 8px 16px;background:${BRAND};color:${ON_BRAND};flex:none}
.qa-modal-title{margin:0;flex:1;font-size:16px;font-weight:700;color:inherit}
.qa-modal-body{flex:1;min-height:0;display:flex}
.qa-tool-frame{flex:1;width:100%;min-height:0;border:0;display:block}
.qa-video{width:100%;aspect-ratio:16/9;border:0;display:block;background:#000}
.qa-focus-sentinel{position:absolute;width:1px;height:1px;overflow:hidden}
@media (max-width:768px){.qa-modal-backdrop{padding:0}.qa-modal,.qa-modal-wide{width:100%;height:100%;border-radius:0}}
.qa-slider-row{display:flex;justify-content:space-between;gap:8px;margin:0;font-size:14px;color:#33423b}
.qa-range{width:100%;min-height:44px;accent-color:${BRAND};margin:0}
.qa-range:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-call{text-decoration:none;display:inline-flex;align-items:center;min-height:44px;justify-content:center}
.qa-loading .qa-splash{padding-bottom:8px}
.qa-error{margin:auto;padding:24px;text-align:center}
.qa-error-title{margin:0 0 8px;font-size:17px;font-weight:700;color:#8a1c1c}
.qa-error-text{margin:0;color:#1d2a24}
.qa-error-actions{display:flex;flex-wrap:wrap;gap:8px;justify-content:center;margin-top:16px}
.qa-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

// One constructed sheet per stylesheet text, shared by every element on the page.
const sheets = new Map<string, CSSStyleSheet>();

const canConstruct = (): boolean => typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype;

/** A shadow root that takes constructed stylesheets (a strict CSP allows them; `<style>` it blocks). */
export function canAdopt(root: ShadowRoot): boolean {
  return "adoptedStyleSheets" in root && canConstruct();
}

function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Adds a stylesheet after the root's others, once; `first` puts the <style> of old browsers first. */
function adopt(root: ShadowRoot, css: string, first: boolean): void {
  if (canAdopt(root)) {
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  // Old browsers without constructed stylesheets: a <style> element (blocked under a strict CSP).
  if (Array.from(root.querySelectorAll("style")).some((style) => style.textContent === css)) return;
  const style = document.createElement("style");
  style.textContent = css;
  if (first) root.prepend(style);
  else root.append(style);
}

/** Parses the widget's stylesheet ahead of its first element (src/main.ts: a task of its own). */
export function prepareWidgetStyles(): void {
  if (canConstruct()) sheetFor(WIDGET_CSS);
}

/** Gives a shadow root the widget's styles; one shared sheet for every element on the page. */
export function adoptWidgetStyles(root: ShadowRoot): void {
  adopt(root, WIDGET_CSS, true);
}

/** Styles that arrive later (a lazily loaded chunk's), after the widget's so they win ties. */
export function adoptLateStyles(root: ShadowRoot, css: string): void {
  adopt(root, css, false);
}
