import { BRAND, BRAND_INK, FOCUS_COLOR, FONT } from "../../lazy/shared-with-chunks.ts";
// The calendar's rules, shipped with it in the scheduling chunk and adopted after the widget's
// sheet when the chunk arrives (src/lazy/use-lazy-chunk.ts). Every target is at least 44 px.
// The call button, in the widget for every company, has its rules in src/ui/styles.ts.

export const SCHEDULING_CSS = `
.qa-calendar{display:flex;flex-direction:column;gap:4px;margin:0}
.qa-calendar-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
.qa-calendar-month{margin:0;flex:1;text-align:center;font:600 15px/1.2 ${FONT};color:#1d2a24}
.qa-calendar-nav{all:unset;box-sizing:border-box;width:44px;height:44px;border-radius:50%;border:2px solid ${BRAND};color:${BRAND_INK};background:#fff;display:flex;align-items:center;justify-content:center;font:600 22px/1 ${FONT};cursor:pointer;flex:none}
.qa-calendar-nav:hover{background:#e8f3ed}
.qa-calendar-nav:disabled{opacity:.35;cursor:default;background:#fff}
.qa-calendar-nav:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-calendar-grid{border-collapse:collapse;border-spacing:0;margin:0 auto}
.qa-calendar-grid th{width:44px;padding:2px 0;text-align:center;font:600 12px/1.2 ${FONT};color:#4d5c55}
.qa-calendar-grid td{padding:1px;text-align:center}
.qa-day{all:unset;box-sizing:border-box;width:44px;height:44px;border-radius:50%;display:flex;align-items:center;justify-content:center;font:500 15px/1 ${FONT};color:#1d2a24;cursor:pointer}
.qa-day:hover{background:#e8f3ed}
.qa-day[aria-current="date"]{border:2px solid ${BRAND}}
.qa-day[tabindex="0"]{background:#e8f3ed;font-weight:700}
.qa-day[aria-disabled="true"]{color:#6b7570;cursor:default;background:none;font-weight:400}
.qa-day[data-none]{text-decoration:line-through 2px}
.qa-day:focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:1px}
`;
