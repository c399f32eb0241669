// Pages of the stand-in card-provider origin: its front page (what it stands in for, the test
// cards) and one secure field page per field. Markup only: the field's script and stylesheet
// are files of this origin, so the pages run under a CSP without 'unsafe-inline'.
import { html, type SafeHtml } from "../../server/pages/html.ts";
import { TEST_CARDS } from "../../server/payments/test-cards.ts";
import type { FieldName, Provider } from "./stand-in-messages.ts";

export const FIELD_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const FIELD_LOOK: Record<FieldName, { label: string; autocomplete: string; placeholder: string; maxLength: number }> = {
  number: { label: "Card number", autocomplete: "cc-number", placeholder: "1234 1234 1234 1234", maxLength: 23 },
  cardNumber: { label: "Card number", autocomplete: "cc-number", placeholder: "1234 1234 1234 1234", maxLength: 23 },
  cvv: { label: "Security code (CVV)", autocomplete: "cc-csc", placeholder: "CVV", maxLength: 4 },
  cardCvc: { label: "Security code (CVC)", autocomplete: "cc-csc", placeholder: "CVC", maxLength: 4 },
  cardExpiry: { label: "Expiration date (MM / YY)", autocomplete: "cc-exp", placeholder: "MM / YY", maxLength: 7 },
};

export function renderFieldPage(options: { provider: Provider; field: FieldName }): SafeHtml {
  const look = FIELD_LOOK[options.field];
  return html`<!doctype html>
<html lang="en" data-provider="${options.provider}" data-field="${options.field}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${look.label}</title>
<link rel="stylesheet" href="/fields.css">
<script defer src="/fields.js"></script>
</head>
<body>
<label for="field" class="visually-hidden">${look.label}</label>
<input id="field" type="text" inputmode="numeric" autocomplete="${look.autocomplete}" placeholder="${look.placeholder}" maxlength="${look.maxLength}" spellcheck="false" aria-invalid="false">
</body>
</html>
`;
}

export const FIELD_CSS = `*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0;background:transparent}
body{font:16px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
input{width:100%;height:44px;padding:10px 12px;border:2px solid #b9c7c0;border-radius:10px;background:#fff;color:#1d2a24;font:inherit;outline:none}
input:focus{border-color:#17663f;box-shadow:0 0 0 3px #f5b800}
input[aria-invalid="true"]{border-color:#b3261e}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`;

export function renderVaultFrontPage(): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card vault (demo stand-in)</title>
</head>
<body>
<h1>Card vault</h1>
<p>Stands in for the card vault provider's secure card fields, which tokenize the card and return a transaction id,
and for Stripe.js (served at <code>/stripe/v3.js</code> in place of js.stripe.com).</p>
<p>This origin is a local stand-in for a third-party service, running on its own port so
that the widget talks to it across origins exactly as it would in production.</p>
<h2>Test cards</h2>
<p>Any future expiry date and any 3-digit security code (4 digits for American Express).</p>
<table>
<thead><tr><th scope="col">Number</th><th scope="col">Brand</th><th scope="col">What happens</th></tr></thead>
<tbody>
${TEST_CARDS.map((card) => html`<tr><td><code>${card.number}</code></td><td>${card.brand}</td><td>${card.description}</td></tr>
`)}</tbody>
</table>
</body>
</html>
`;
}
