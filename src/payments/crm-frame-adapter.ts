// Real Green payment processing (SPEC §7, §9): a payment session token from
// POST /v1/quote/crm/realgreen/payment, then the CRM's payment frame, embedded only when the
// customer has a crm id and the token came. The frame's messages are taken only through the
// bridge (exact origin, the frame's own window, the schema of crm-frame-messages.ts).
import type { ApiClient } from "../api/client.ts";
import type { RealGreenPaymentBody } from "../contract/realgreen-payment.ts";
import { fetchRealGreenPaymentToken } from "../api/realgreen-payment.ts";
import { QUOTE_CHANGED } from "../contract/payment-contract.ts";
import { CrmFrameMessageSchema, crmPaymentFrameUrl, type CrmFrameMessage, type CrmSubmit } from "./crm-frame-messages.ts";
import { createStatusHolder, type CardField, type PaymentAdapter, type TokenizeResult } from "./payment-adapter.ts";
import { listenToFrame, postToFrame } from "./shared-core.ts";
import { payments as words } from "../i18n/en/payments.ts";

export interface CrmFrameAdapterOptions {
  api: ApiClient;
  frameUrl: string;
  companyId: string;
  botId: string;
  /** The customer's id in the CRM; without one there is no frame. */
  crmId: string | null | undefined;
  /** What GET STARTED TODAY shows, in major units ("45.50"). */
  amount: string;
  /** What the server prices the session from (it never takes the amount on trust). */
  quoteId: string;
  term: RealGreenPaymentBody["term"];
  programIds: string[];
  /** Where the frame answers: the page's origin. */
  parentOrigin: string;
  /** The window that receives the frame's messages (default: ours). */
  receiver?: Window;
  /** How long to wait for the frame's token. */
  submitTimeoutMs?: number;
  /** The server priced the quote differently (409): the prices are reloaded, and a new session follows them. */
  onPricesChanged?(): void;
  /** Says one of ../i18n/en/payments.ts's texts in the visitor's language (the quote words' `label`); default as it is. */
  say?(english: string): string;
}


const FIELDS: readonly CardField[] = [{ id: "frame", label: words.cardDetails, kind: "provider" }];

export function createCrmFrameAdapter(options: CrmFrameAdapterOptions): PaymentAdapter {
  const status = createStatusHolder();
  let frame: HTMLIFrameElement | undefined;
  let frameSrc = "";
  let session: { token: string; id: string } | undefined;
  let stopListening: (() => void) | undefined;
  let generation = 0;
  const pending = new Map<string, (result: TokenizeResult) => void>();
  let requests = 0;

  function onMessage(message: CrmFrameMessage) {
    switch (message.type) {
      case "crm-payment:ready":
        status.set({ ready: true });
        return;
      case "crm-payment:state":
        status.set({ valid: message.valid, error: null });
        return;
      case "crm-payment:token": {
        const resolve = pending.get(message.requestId);
        pending.delete(message.requestId);
        if (resolve && session && options.crmId) {
          resolve({
            ok: true,
            token: message.token,
            paymentToken: session.token,
            crmId: options.crmId,
            expiry: { month: message.expireMonth, year: message.expireYear },
          });
        }
        return;
      }
      case "crm-payment:error": {
        const resolve = message.requestId === undefined ? undefined : pending.get(message.requestId);
        if (resolve && message.requestId !== undefined) {
          pending.delete(message.requestId);
          resolve({ ok: false, error: message.message });
        } else {
          status.set({ error: message.message });
        }
      }
    }
  }

  return {
    kind: "real-green",
    paymentMethod: "real-green",
    fields: FIELDS,

    async mount(target) {
      const mine = ++generation;
      const container = target.containers.frame;
      if (!options.crmId) {
        status.set({ unavailable: true, error: words.crmNoAccount });
        return;
      }
      try {
        const answer = await fetchRealGreenPaymentToken(options.api, {
          companyId: options.companyId,
          botId: options.botId,
          amount: options.amount,
          crmId: options.crmId,
          quoteId: options.quoteId,
          term: options.term,
          programIds: options.programIds,
        });
        if (answer === QUOTE_CHANGED) {
          if (mine === generation) status.set({ unavailable: true, error: words.pricesChanged });
          options.onPricesChanged?.();
          return;
        }
        session = answer;
      } catch (error) {
        console.error("[quote-assistant] the Real Green payment token failed", error);
        if (mine === generation) status.set({ unavailable: true, error: words.crmLoadFailed });
        return;
      }
      if (mine !== generation || !container) return;
      frameSrc = crmPaymentFrameUrl(options.frameUrl, { token: session.token, id: session.id, parentOrigin: options.parentOrigin });
      const iframe = container.ownerDocument.createElement("iframe");
      iframe.src = frameSrc;
      iframe.title = (options.say ?? String)(words.crmFrameTitle);
      iframe.className = "qa-crm-frame";
      frame = iframe;
      stopListening = listenToFrame({
        frameUrl: frameSrc,
        frameWindow: () => iframe.contentWindow,
        schema: CrmFrameMessageSchema,
        onMessage,
        ...(options.receiver ? { receiver: options.receiver } : {}),
      });
      container.appendChild(iframe);
    },

    status: status.get,
    onStatus: status.subscribe,

    tokenize() {
      const target = frame?.contentWindow;
      if (!target || !session) return Promise.resolve({ ok: false, error: words.crmLoadFailed });
      const requestId = `r${++requests}-${Date.now().toString(36)}`;
      return new Promise<TokenizeResult>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve({ ok: false, error: words.crmNoAnswer });
        }, options.submitTimeoutMs ?? 20_000);
        pending.set(requestId, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        const message: CrmSubmit = { type: "crm-payment:submit", version: 1, requestId };
        postToFrame(target, frameSrc, message);
      });
    },

    unmount() {
      generation++;
      stopListening?.();
      stopListening = undefined;
      frame?.remove();
      frame = undefined;
      session = undefined;
      for (const resolve of pending.values()) resolve({ ok: false, error: words.formClosed });
      pending.clear();
      status.set({ ready: false, valid: false, error: null });
    },
  };
}
