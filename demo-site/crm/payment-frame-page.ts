// The stand-in CRM payment frame's page (Real Green's card form): card number, expiry and
// cvv live in this frame, on the CRM's origin. Markup only; the script (/payment-frame.js)
// and stylesheet are files of this origin, so the page runs under a CSP without 'unsafe-inline'.
import { html, type SafeHtml } from "../../server/pages/html.ts";

export const PAYMENT_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export function renderPaymentFramePage(options: { session: { id: string; amount: string } | null }): SafeHtml {
  const { session } = options;
  return html`<!doctype html>
<html lang="en" data-session="${session ? "open" : "invalid"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>CRM payment frame (demo stand-in)</title>
<link rel="stylesheet" href="/payment-frame.css">
<script defer src="/payment-frame.js"></script>
</head>
<body>
<form id="card" novalidate>
${
  session
    ? html`<p class="session">Payment ${session.id}: <strong>${session.amount}</strong></p>`
    : html`<p class="problem" role="alert">This payment session has expired or does not exist.</p>`
}
<label for="number">Card number</label>
<input id="number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" spellcheck="false">
<div class="row">
<div><label for="expiry">Expiry (MM / YY)</label>
<input id="expiry" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"></div>
<div><label for="cvv">CVV</label>
<input id="cvv" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVV" maxlength="4"></div>
</div>
<p id="status" class="status" role="status"></p>
</form>
</body>
</html>
`;
}

export const PAYMENT_FRAME_CSS = `*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0;background:#fff}
body{font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2a24}
form{padding:4px 2px}
label{display:block;font-size:13px;font-weight:600;margin:6px 0 2px}
input{width:100%;height:44px;padding:10px 12px;border:2px solid #b9c7c0;border-radius:10px;font:16px/1.3 inherit;color:inherit}
input:focus{outline:3px solid #f5b800;outline-offset:1px;border-color:#1f4e8c}
input[aria-invalid="true"]{border-color:#b3261e}
.row{display:flex;gap:8px}.row>div{flex:1}
.session{margin:0 0 4px;font-size:13px;color:#33423b}
.problem{padding:8px;border-radius:6px;background:#fdecea;color:#8a1c10}
.status{min-height:1.2em;margin:6px 0 0;font-size:13px;color:#8a1c10}
`;
