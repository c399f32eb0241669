// The stand-in card vault's provider script (served as /v1/vault.js, and /sandbox/v1/vault.js
// for the sandbox). It defines window.CardVault (src/payments/vault-provider.ts): secure fields
// rendered in iframes of the vault's origin, and tokenize() that returns a transactionId or
// the vault's error. Messages from the frames count only from the vault's origin and frames.
import * as v from "valibot";
import type { CardVaultApi, SecureFields, SecureFieldsOptions, SecureFieldsState, VaultTokenizeResult } from "../../src/payments/vault-provider.ts";
import { fieldFrameUrl, FrameMessageSchema, randomId, STAND_IN, type TokenizeMessage } from "./stand-in-messages.ts";

const scriptUrl = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href);
const vaultOrigin = scriptUrl.origin;
const environment = scriptUrl.pathname.startsWith("/sandbox/") ? "sandbox" : "production";
const TOKENIZE_TIMEOUT_MS = 15_000;

/** Merchant ids of the stand-in: live ones on the production host, test ones on the sandbox. */
function merchantProblem(merchantId: string): string | null {
  const prefix = environment === "production" ? "live_" : "test_";
  if (merchantId.startsWith(prefix)) return null;
  return `Unknown merchant id for the ${environment} card vault.`;
}

function createFrame(container: HTMLElement, src: string, title: string): HTMLIFrameElement {
  const frame = document.createElement("iframe");
  frame.src = src;
  frame.title = title;
  // CSSOM, not a style attribute: allowed under a strict style-src.
  frame.style.border = "0";
  frame.style.width = "100%";
  frame.style.height = "44px";
  frame.style.display = "block";
  frame.setAttribute("allow", "");
  container.replaceChildren(frame);
  return frame;
}

function createSecureFields(options: SecureFieldsOptions): SecureFields {
  const channel = randomId();
  const parentOrigin = location.origin;
  const problem = merchantProblem(options.merchantId);
  const params = { merchant: options.merchantId, env: environment };
  const labels = options.labels ?? { number: "Card number", cvv: "Security code" };
  const number = createFrame(
    options.containers.number,
    fieldFrameUrl(vaultOrigin, { provider: "vault", field: "number", channel, parentOrigin, params }),
    labels.number,
  );
  const cvv = createFrame(
    options.containers.cvv,
    fieldFrameUrl(vaultOrigin, { provider: "vault", field: "cvv", channel, parentOrigin, params }),
    labels.cvv,
  );
  const state: SecureFieldsState = { number: { valid: false, empty: true }, cvv: { valid: false, empty: true } };
  const ready = new Set<string>();
  const pending = new Map<string, (result: VaultTokenizeResult) => void>();

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== vaultOrigin) return;
    if (event.source !== number.contentWindow && event.source !== cvv.contentWindow) return;
    const parsed = v.safeParse(FrameMessageSchema, event.data);
    if (!parsed.success || parsed.output.channel !== channel) return;
    const message = parsed.output;
    if (message.type === "field" && (message.field === "number" || message.field === "cvv")) {
      state[message.field] = { valid: message.valid, empty: message.empty };
      options.onChange({ number: { ...state.number }, cvv: { ...state.cvv } });
    } else if (message.type === "ready") {
      ready.add(message.field);
      if (ready.size === 2) {
        if (problem) options.onError?.(problem);
        else options.onReady?.();
      }
    } else if (message.type === "result") {
      const resolve = pending.get(message.requestId);
      pending.delete(message.requestId);
      resolve?.(message.result.ok ? { transactionId: message.result.token } : { error: message.result.message });
    }
  };
  window.addEventListener("message", onMessage);

  return {
    tokenize({ expiryMonth, expiryYear }) {
      if (problem) return Promise.resolve({ error: problem });
      const target = number.contentWindow;
      if (!target) return Promise.resolve({ error: "The card fields are not ready." });
      const requestId = randomId(12);
      return new Promise<VaultTokenizeResult>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve({ error: "The card vault did not answer. Please try again." });
        }, TOKENIZE_TIMEOUT_MS);
        pending.set(requestId, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        const message: TokenizeMessage = { standIn: STAND_IN, type: "tokenize", channel, requestId, expiryMonth, expiryYear };
        target.postMessage(message, vaultOrigin);
      });
    },
    destroy() {
      window.removeEventListener("message", onMessage);
      for (const resolve of pending.values()) resolve({ error: "The card form was closed." });
      pending.clear();
      number.remove();
      cvv.remove();
    },
  };
}

const api: CardVaultApi = { createSecureFields };
window.CardVault = api;
