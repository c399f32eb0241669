// The stand-in CRM payment frame's script: validates the card in this frame, tells the
// embedding page only whether it is complete, and on the page's crm-payment:submit tokenizes
// the card with this origin's server, answering with a token (src/payments/crm-frame-messages.ts).
import * as v from "valibot";
import { checkExpiry, formatExpiryInput, parseExpiry, yearMonthOf } from "../../src/payments/card-expiry.ts";
import { CrmSubmitSchema, type CrmFrameMessage } from "../../src/payments/crm-frame-messages.ts";
import { isCardNumberValid, isCvvValid } from "../../server/payments/test-cards.ts";

const query = new URLSearchParams(location.search);
const sessionToken = query.get("token") ?? "";
const sessionOpen = document.documentElement.dataset.session === "open";
const parentOrigin = (() => {
  try {
    const url = new URL(query.get("parent") ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
})();

const number = document.getElementById("number") as HTMLInputElement;
const expiry = document.getElementById("expiry") as HTMLInputElement;
const cvv = document.getElementById("cvv") as HTMLInputElement;
const status = document.getElementById("status") as HTMLElement;

function post(message: CrmFrameMessage) {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
}

const numberDigits = () => number.value.replace(/\D/g, "");
let previousExpiry = "";
let lastValid: boolean | undefined;

function isValid(): boolean {
  return (
    sessionOpen &&
    isCardNumberValid(numberDigits()) &&
    checkExpiry(expiry.value, yearMonthOf(new Date())).status === "valid" &&
    isCvvValid(cvv.value, numberDigits())
  );
}

function report() {
  const valid = isValid();
  if (valid !== lastValid) post({ type: "crm-payment:state", version: 1, valid });
  lastValid = valid;
}

number.addEventListener("input", () => {
  number.value = numberDigits().slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
  const digits = numberDigits();
  number.setAttribute("aria-invalid", String(digits.length >= 16 && !isCardNumberValid(digits)));
  report();
});
expiry.addEventListener("input", () => {
  expiry.value = formatExpiryInput(expiry.value, previousExpiry);
  previousExpiry = expiry.value;
  const check = checkExpiry(expiry.value, yearMonthOf(new Date()));
  expiry.setAttribute("aria-invalid", String(check.status === "expired"));
  status.textContent = check.status === "expired" ? check.message : "";
  report();
});
cvv.addEventListener("input", () => {
  cvv.value = cvv.value.replace(/\D/g, "").slice(0, 4);
  report();
});

async function tokenize(requestId: string) {
  const fail = (message: string) => {
    status.textContent = message;
    post({ type: "crm-payment:error", version: 1, requestId, message });
  };
  const date = parseExpiry(expiry.value);
  if (!isValid() || !date) return fail("Please complete the card details.");
  try {
    const response = await fetch("/v1/tokenize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ sessionToken, number: numberDigits(), cvv: cvv.value, expiryMonth: date.month, expiryYear: date.year }),
    });
    const answer = (await response.json()) as { token?: string; error?: string };
    if (!answer.token) return fail(answer.error ?? "The card could not be processed.");
    status.textContent = "";
    post({ type: "crm-payment:token", version: 1, requestId, token: answer.token, expireMonth: date.month, expireYear: date.year });
  } catch {
    fail("The payment service could not be reached. Please try again.");
  }
}

window.addEventListener("message", (event: MessageEvent) => {
  // Only the embedding page, at the origin it named, may ask us to submit.
  if (event.source !== window.parent || parentOrigin === null || event.origin !== parentOrigin) return;
  const parsed = v.safeParse(CrmSubmitSchema, event.data);
  if (parsed.success) void tokenize(parsed.output.requestId);
});

if (sessionOpen) {
  post({ type: "crm-payment:ready", version: 1 });
  report();
} else {
  post({ type: "crm-payment:error", version: 1, message: "This payment session has expired. Please close and reopen the checkout." });
}
