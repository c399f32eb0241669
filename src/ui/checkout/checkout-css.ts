import { BRAND, BRAND_INK, BRAND_SOFT, FOCUS_COLOR } from "../../lazy/shared-with-chunks.ts";
// The checkout form's rules, for the widget's adopted stylesheet (src/ui/styles.ts adds them).
// The providers' fields are iframes; our boxes give them room and our focus and error looks.

export const CHECKOUT_CSS = `
.qa-checkout{display:flex;flex-direction:column;gap:10px;margin:16px 0 12px}
.qa-checkout[aria-busy="true"] .qa-secure-field{opacity:.6}
.qa-card-field{display:flex;flex-direction:column;gap:4px}
.qa-secure-field{min-height:44px;display:block}
.qa-secure-field slot{display:block}
.qa-secure-field iframe{display:block;width:100%;min-height:44px;border:0}
.qa-crm-frame{height:260px}
.qa-card-field-frame .qa-secure-field{min-height:260px}
.qa-expiry{max-width:140px}
.qa-text.qa-expiry[aria-invalid="true"]{border-color:#b3261e}
.qa-expiry-hint{margin:0;min-height:18px;font-size:13px;color:#4d5c55}
.qa-expiry-expired,.qa-expiry-missing{color:#b3261e}
.qa-expiry-valid{color:#1d6b3f}
.qa-checkout-or{margin:0;text-align:center;font-size:13px;color:#4d5c55}
.qa-checkout-loading{margin:0;font-size:13px;color:#4d5c55}
.qa-provider-error{margin:0;min-height:18px;font-size:14px;color:#b3261e}
.qa-provider-error:empty{min-height:0}
.qa-pay-success{margin:0;padding:8px 10px;border-radius:8px;background:${BRAND_SOFT};color:${BRAND_INK};font-size:14px}
.qa-pay-alert{margin:0;padding:8px 10px;border-radius:8px;background:#fdecea;color:#8a1c10;border:1px solid #e6a39b;font-size:14px}
.qa-pay{align-self:stretch}
.qa-pay:disabled{background:#9fb3a9;border-color:#9fb3a9;cursor:default}
.qa-wallet[hidden]{display:none}
.qa-checkout :focus-visible{outline:3px solid ${FOCUS_COLOR};outline-offset:2px}
.qa-secure-field:focus-within{outline:3px solid ${FOCUS_COLOR};outline-offset:2px;border-radius:10px}
.qa-checkout .qa-pay{border-color:${BRAND}}
`;
