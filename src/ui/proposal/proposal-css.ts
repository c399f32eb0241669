import { BRAND, BRAND_INK, BRAND_SOFT, FOCUS_COLOR, ON_BRAND } from "../../lazy/shared-with-chunks.ts";
// The quote modal's rules, adopted into the shadow root with the lazily loaded quote chunk (src/ui/quote-chunk/quote-css.ts). Mobile
// first; from 992 px (SPEC §9 desktop) the two steps sit side by side. The modal fills the
// viewport below 769 px, so viewport media queries describe the space it really has.

const INK = "#1d2a24";
const MUTED = "#4d5c55";
const LINE = "#dfe6e2";
const TINT = BRAND_SOFT;
const FOCUS = `outline:3px solid ${FOCUS_COLOR};outline-offset:2px`;

export const PROPOSAL_CSS = `
.qa-proposal-modal{width:min(1120px,100%);height:min(880px,100%)}
.qa-proposal{flex:1;min-width:0;min-height:0;display:flex;flex-direction:column;background:#f6f8f7;color:${INK}}
.qa-no-services{padding:20px;gap:12px;overflow-y:auto}
.qa-proposal h3,.qa-proposal h4,.qa-proposal p,.qa-proposal ul,.qa-proposal ol,.qa-proposal dl,.qa-proposal dd{margin:0}
.qa-stepper{display:flex;gap:8px;list-style:none;margin:0;padding:8px 16px 0;background:#fff;border-bottom:1px solid ${LINE};flex:none}
.qa-step{flex:1;display:flex;align-items:center;justify-content:center;gap:8px;min-height:44px;border-bottom:3px solid transparent;font-size:13px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:#5b6b63}
.qa-step-number{width:24px;height:24px;border-radius:50%;display:flex;align-items:center;justify-content:center;background:${LINE};color:${INK};font-size:12px;letter-spacing:0}
.qa-step-current{color:${BRAND_INK};border-bottom-color:${BRAND}}
.qa-step-current .qa-step-number{background:${BRAND};color:${ON_BRAND}}
.qa-panes{flex:1;min-height:0;display:flex}
.qa-pane{flex:1;min-width:0;min-height:0;display:flex;flex-direction:column}
.qa-pane:not(.qa-pane-current){display:none}
.qa-pane-scroll{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;padding:16px;display:flex;flex-direction:column;gap:16px}
.qa-pane-scroll:focus-visible{${FOCUS};outline-offset:-3px}
.qa-card{background:#fff;border:1px solid ${LINE};border-radius:12px;padding:14px 16px}
.qa-proposal-head{display:flex;flex-wrap:wrap;gap:14px;align-items:center}
.qa-proposal-banner{flex:0 0 100%;width:100%;max-height:120px;object-fit:cover;border-radius:8px}
.qa-payment-note{white-space:pre-line;overflow-wrap:anywhere;font-size:14px;color:${MUTED}}
.qa-home-image{width:88px;height:88px;border-radius:10px;object-fit:cover;flex:none;background:${LINE}}
.qa-proposal-head-text{min-width:0;display:flex;flex-direction:column;gap:2px}
.qa-customer-name{font-size:18px;font-weight:700;line-height:1.25;overflow-wrap:anywhere}
.qa-address{font-size:14px;color:${MUTED};overflow-wrap:anywhere}
.qa-proposal-head .qa-size{display:flex;flex-wrap:wrap;align-items:baseline;gap:6px;margin-top:4px;font-size:14px}
.qa-size-label{font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:${MUTED}}
.qa-size-value{font-weight:700}
.qa-plan{display:grid;grid-template-columns:1fr 1fr;gap:4px;padding:4px;background:#fff;border:2px solid ${BRAND};border-radius:14px}
.qa-plan-option{all:unset;box-sizing:border-box;min-height:52px;padding:6px 8px;border-radius:10px;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;text-align:center;cursor:pointer;color:${BRAND_INK};-webkit-tap-highlight-color:transparent}
.qa-plan-option:hover{background:${TINT}}
.qa-plan-option[aria-checked="true"]{background:${BRAND};color:${ON_BRAND}}
.qa-plan-option:focus-visible{${FOCUS}}
.qa-plan-label{font-size:15px;font-weight:700;letter-spacing:.04em;overflow-wrap:anywhere}
.qa-plan-note{font-size:13px;font-weight:600}
.qa-proposal-section{display:flex;flex-direction:column;gap:12px}
.qa-section-title{font-size:17px;font-weight:700;line-height:1.3;color:${INK}}
.qa-service{display:flex;flex-direction:column;gap:8px}
.qa-service-top{display:flex;align-items:flex-start;justify-content:space-between;gap:12px}
.qa-service-name{font-size:16px;font-weight:700;line-height:1.3;padding-top:2px;overflow-wrap:anywhere;min-width:0}
.qa-service-text{font-size:14px;color:${MUTED};white-space:pre-line;overflow-wrap:anywhere}
.qa-service-season{font-size:13px;color:#6a4b00;background:#fdf4dc;border-radius:8px;padding:6px 10px;overflow-wrap:anywhere}
.qa-discounts{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}
.qa-discount{font-size:13px;font-weight:600;color:${BRAND_INK};background:${TINT};border-radius:999px;padding:3px 10px;overflow-wrap:anywhere}
.qa-price{display:flex;flex-wrap:wrap;gap:4px 20px;align-items:baseline}
.qa-price-line{display:inline-flex;align-items:baseline;gap:6px;flex-wrap:wrap}
.qa-amount{font-size:20px;font-weight:700;font-variant-numeric:tabular-nums;color:${INK}}
.qa-price-caption{font-size:13px;color:${MUTED}}
.qa-switch{all:unset;box-sizing:border-box;flex:none;width:56px;height:44px;margin:-8px -6px -8px 0;display:flex;align-items:center;justify-content:center;cursor:pointer;border-radius:22px;-webkit-tap-highlight-color:transparent}
.qa-switch-track{position:relative;width:48px;height:28px;border-radius:14px;background:#8a9991}
.qa-switch-track::after{content:"";position:absolute;top:3px;left:3px;width:22px;height:22px;border-radius:50%;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.3)}
.qa-switch[aria-checked="true"] .qa-switch-track{background:${BRAND}}
.qa-switch[aria-checked="true"] .qa-switch-track::after{left:23px}
.qa-switch:focus-visible .qa-switch-track{${FOCUS}}
@media (prefers-reduced-motion:no-preference){.qa-switch-track,.qa-switch-track::after{transition:left .15s ease,background-color .15s ease}}
.qa-summary-card{display:flex;flex-direction:column;gap:4px}
.qa-period{align-self:flex-start;font-size:12px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:${BRAND_INK};background:${TINT};border-radius:999px;padding:3px 10px}
.qa-summary-row{display:flex;justify-content:space-between;align-items:baseline;gap:12px;padding:8px 0;border-top:1px solid #eef2f0}
.qa-summary-row:first-child{border-top:0}
.qa-summary dt{flex:1 1 0;min-width:0;overflow-wrap:anywhere;font-size:13px;font-weight:600;letter-spacing:.03em;color:${MUTED}}
.qa-summary dd{flex:none;max-width:60%;overflow-wrap:anywhere;text-align:right;font-size:15px;font-weight:600;font-variant-numeric:tabular-nums}
.qa-summary-today dt{color:${BRAND_INK};font-weight:700}
.qa-summary-today dd{font-size:20px;font-weight:800;color:${INK}}
.qa-team-picture{display:block;width:100%;height:auto;max-height:260px;object-fit:cover;border-radius:12px;background:${LINE}}
.qa-terms{white-space:pre-line;overflow-wrap:anywhere;font-size:13px;line-height:1.5;color:#33423b;background:#fff;border:1px solid ${LINE};border-radius:10px;padding:12px 14px;max-height:200px;overflow-y:auto}
.qa-terms:focus-visible{${FOCUS}}
.qa-addons{list-style:none;padding:0;display:flex;flex-direction:column;gap:10px}
.qa-addon{display:flex;align-items:center;justify-content:space-between;gap:12px}
.qa-addon-text{min-width:0;display:flex;flex-direction:column;gap:4px}
.qa-addon .qa-amount{font-size:16px}
.qa-addon-add{flex:none;min-width:76px;padding:10px 16px}
.qa-think,.qa-to-checkout,.qa-sign-up,.qa-addon-add{display:flex;align-items:center;justify-content:center}
.qa-think{align-self:center;width:100%;max-width:420px;margin:4px 0 8px;font-size:14px;letter-spacing:.04em}
.qa-pane-footer{flex:none;display:flex;align-items:center;justify-content:flex-end;gap:12px;padding:10px 16px calc(10px + env(safe-area-inset-bottom,0px));background:#fff;border-top:1px solid ${LINE};box-shadow:0 -4px 14px rgba(0,0,0,.06)}
.qa-footer-total{flex:1;min-width:0;display:flex;flex-direction:column;line-height:1.2}
.qa-footer-label{font-size:11px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;color:${MUTED}}
.qa-to-checkout{flex:none;min-width:140px}
.qa-back{all:unset;box-sizing:border-box;align-self:flex-start;display:inline-flex;align-items:center;gap:2px;min-height:44px;padding:0 12px 0 4px;margin:-8px 0 -8px -4px;border-radius:22px;color:${BRAND_INK};font-size:15px;font-weight:600;cursor:pointer}
.qa-back:hover{background:${TINT}}
.qa-back:focus-visible{${FOCUS}}
.qa-back svg{width:24px;height:24px;fill:currentColor;display:block}
.qa-checkout-title{outline:none;font-size:20px}
.qa-sign-up{width:100%;min-height:52px;font-size:17px;letter-spacing:.02em}
.qa-sign-up:disabled{background:#9fb3a9;border-color:#9fb3a9;color:#fff;cursor:default}
.qa-proposal[aria-busy="true"] .qa-amount,.qa-proposal[aria-busy="true"] .qa-summary dd{opacity:.7}
@media (prefers-reduced-motion:no-preference){.qa-amount,.qa-summary dd{transition:opacity .2s ease}}
@media (max-width:991.98px){.qa-proposal-modal{width:min(680px,100%)}}
@media (max-width:768px){.qa-proposal-modal{width:100%;height:100%;border-radius:0}}
@media (min-width:992px){
.qa-stepper,.qa-pane-footer,.qa-back,.qa-summary-proposal{display:none}
.qa-pane:not(.qa-pane-current){display:flex}
.qa-pane-proposal .qa-pane-scroll{padding:24px 28px}
.qa-pane-checkout{flex:0 0 380px;background:#fff;border-left:1px solid ${LINE}}
.qa-pane-checkout .qa-pane-scroll{padding:24px}
.qa-pane-checkout .qa-summary-card{background:#f6f8f7}
}
`;
