// One secure card field inside the stand-in provider's iframe (card vault: number, cvv; Stripe
// stand-in: cardNumber, cardExpiry, cardCvc). The value stays in this frame: the host page only
// hears whether it is valid. The number frame tokenizes: it collects its siblings' values over
// a BroadcastChannel of this origin and posts the card to this origin's server.
import * as v from "valibot";
import { formatExpiryInput, parseExpiry } from "../../src/payments/card-expiry.ts";
import { isCardNumberValid, isCvvValid } from "../../server/payments/test-cards.ts";
import {
  STAND_IN,
  TokenizeMessageSchema,
  type FieldName,
  type FrameMessage,
  type Provider,
  type SiblingMessage,
} from "./stand-in-messages.ts";

const root = document.documentElement;
const provider = root.dataset.provider as Provider;
const field = root.dataset.field as FieldName;
const query = new URLSearchParams(location.search);
const channel = query.get("channel") ?? "";
const parentOrigin = parseOrigin(query.get("parent"));
const input = document.getElementById("field") as HTMLInputElement;
const siblings = new BroadcastChannel(`${STAND_IN}:${channel}`);

function parseOrigin(raw: string | null): string | null {
  try {
    const url = new URL(raw ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function post(message: FrameMessage) {
  // Only ever to the page that embeds us, named exactly; never "*".
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
}

const digits = () => input.value.replace(/\D/g, "");

interface FieldCheck {
  valid: boolean;
  error?: string;
}

function check(): FieldCheck {
  const value = digits();
  switch (field) {
    case "number":
    case "cardNumber": {
      if (isCardNumberValid(value)) return { valid: true };
      const full = value.length >= 16 || (value.startsWith("3") && value.length >= 15);
      return full ? { valid: false, error: "Your card number is invalid." } : { valid: false };
    }
    case "cvv":
    case "cardCvc":
      return { valid: isCvvValid(value) };
    case "cardExpiry": {
      const expiry = parseExpiry(input.value);
      if (!expiry) return value.length >= 4 ? { valid: false, error: "Your card's expiration date is incomplete." } : { valid: false };
      const now = new Date();
      const past = expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1);
      return past ? { valid: false, error: "Your card's expiration date is in the past." } : { valid: true };
    }
  }
}

let previous = "";
function onInput() {
  if (field === "cardExpiry") {
    input.value = formatExpiryInput(input.value, previous);
  } else if (field === "number" || field === "cardNumber") {
    input.value = digits().slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
  } else {
    input.value = digits().slice(0, 4);
  }
  previous = input.value;
  const result = check();
  input.setAttribute("aria-invalid", result.error ? "true" : "false");
  post({ standIn: STAND_IN, type: "field", channel, field, valid: result.valid, empty: input.value === "", ...(result.error ? { error: result.error } : {}) });
}
input.addEventListener("input", onInput);

// Siblings answer the number frame's question with their value, inside this origin only.
siblings.addEventListener("message", (event: MessageEvent<SiblingMessage>) => {
  if (event.data.type === "ask" && field !== "number" && field !== "cardNumber") {
    siblings.postMessage({ type: "answer", requestId: event.data.requestId, field, value: field === "cardExpiry" ? input.value : digits() } satisfies SiblingMessage);
  }
});

function collect(requestId: string, wanted: FieldName[]): Promise<Partial<Record<FieldName, string>>> {
  return new Promise((resolve) => {
    const values: Partial<Record<FieldName, string>> = {};
    const done = () => {
      siblings.removeEventListener("message", onAnswer);
      clearTimeout(timer);
      resolve(values);
    };
    const onAnswer = (event: MessageEvent<SiblingMessage>) => {
      if (event.data.type !== "answer" || event.data.requestId !== requestId) return;
      values[event.data.field] = event.data.value;
      if (wanted.every((name) => values[name] !== undefined)) done();
    };
    const timer = setTimeout(done, 2000);
    siblings.addEventListener("message", onAnswer);
    siblings.postMessage({ type: "ask", requestId } satisfies SiblingMessage);
  });
}

async function tokenize(message: v.InferOutput<typeof TokenizeMessageSchema>): Promise<void> {
  const reply = (result: Extract<FrameMessage, { type: "result" }>["result"]) =>
    post({ standIn: STAND_IN, type: "result", channel, requestId: message.requestId, result });
  try {
    let response: Response;
    if (provider === "vault") {
      const others = await collect(message.requestId, ["cvv"]);
      response = await fetch("/v1/tokenize", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          merchantId: query.get("merchant") ?? "",
          environment: query.get("env") ?? "",
          number: digits(),
          cvv: others.cvv ?? "",
          expiryMonth: message.expiryMonth,
          expiryYear: message.expiryYear,
        }),
      });
      const answer = (await response.json()) as { transactionId?: string; error?: string };
      reply(answer.transactionId ? { ok: true, token: answer.transactionId } : { ok: false, message: answer.error ?? "The card vault refused the card." });
    } else {
      const others = await collect(message.requestId, ["cardExpiry", "cardCvc"]);
      const expiry = parseExpiry(others.cardExpiry ?? "");
      response = await fetch("/stripe/v1/tokens", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          key: query.get("key") ?? "",
          number: digits(),
          cvc: others.cardCvc ?? "",
          expMonth: expiry?.month ?? 0,
          expYear: expiry?.year ?? 0,
        }),
      });
      const answer = (await response.json()) as {
        id?: string;
        card?: { brand: string; last4: string; exp_month: number; exp_year: number };
        error?: { message: string; code?: string };
      };
      reply(answer.id ? { ok: true, token: answer.id, ...(answer.card ? { card: answer.card } : {}) } : { ok: false, message: answer.error?.message ?? "Your card could not be tokenized.", ...(answer.error?.code ? { code: answer.error.code } : {}) });
    }
  } catch {
    reply({ ok: false, message: "The card provider could not be reached. Please try again." });
  }
}

window.addEventListener("message", (event: MessageEvent) => {
  // Only the page that embeds us, at the origin it told us, may ask for a token.
  if (event.source !== window.parent || parentOrigin === null || event.origin !== parentOrigin) return;
  const parsed = v.safeParse(TokenizeMessageSchema, event.data);
  if (!parsed.success || parsed.output.channel !== channel) return;
  if (field !== "number" && field !== "cardNumber") return;
  void tokenize(parsed.output);
});

post({ standIn: STAND_IN, type: "ready", channel, field });
// What was typed before this script ran (the field is in the page's HTML, the script deferred:
// a slow network, or a fast typist) is checked now, as if typed after; otherwise the page would
// never hear that the field is complete.
if (input.value) onInput();
