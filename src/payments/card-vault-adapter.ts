// The card vault (`{product}-credit-card-vault`, SPEC §7, §9): the provider's script from its
// production or sandbox host, secure fields for number and cvv in the provider's iframes, and
// OUR expiry input (SPEC §5). tokenize() sends the card with our expiry and gives back the
// vault's transaction id, shown as 'Data submitted successfully with transaction # {id}'.
import { EXPIRY_MESSAGES } from "./card-expiry.ts";
import { createStatusHolder, type CardField, type PaymentAdapter } from "./payment-adapter.ts";
import type { CardVaultApi, SecureFields } from "./vault-provider.ts";
import { loadScriptOnce } from "./shared-core.ts";
import { payments as words } from "../i18n/en/payments.ts";

export interface CardVaultAdapterOptions {
  scriptUrl: string;
  merchantId: string;
  /** Tests replace the provider script. */
  loadVault?: (scriptUrl: string) => Promise<CardVaultApi>;
  /** Says one of ../i18n/en/payments.ts's texts in the visitor's language (the quote words' `label`); default as it is. */
  say?(english: string): string;
}


async function loadVaultScript(scriptUrl: string): Promise<CardVaultApi> {
  await loadScriptOnce(scriptUrl, () => window.CardVault !== undefined);
  const api = window.CardVault;
  if (!api) throw new Error("the card vault script defined no CardVault");
  return api;
}

const FIELDS: readonly CardField[] = [
  { id: "number", label: words.cardNumber, kind: "provider" },
  { id: "expiry", label: words.expiryField, kind: "own-expiry" },
  { id: "cvc", label: "CVV", kind: "provider" },
];

export function createCardVaultAdapter(options: CardVaultAdapterOptions): PaymentAdapter {
  const load = options.loadVault ?? loadVaultScript;
  const say = options.say ?? String;
  const status = createStatusHolder();
  let fields: SecureFields | undefined;
  let generation = 0;

  return {
    kind: "card-vault",
    paymentMethod: "card-vault",
    fields: FIELDS,

    async mount(target) {
      const mine = ++generation;
      let api: CardVaultApi;
      try {
        api = await load(options.scriptUrl);
      } catch (error) {
        console.error("[quote-assistant] the card vault script failed to load", error);
        if (mine === generation) status.set({ unavailable: true, error: words.vaultLoadFailed });
        return;
      }
      const number = target.containers.number;
      const cvv = target.containers.cvc;
      if (mine !== generation || !number || !cvv) return;
      fields = api.createSecureFields({
        merchantId: options.merchantId,
        containers: { number, cvv },
        labels: { number: say(words.vaultNumberLabel), cvv: say(words.vaultCvvLabel) },
        onChange: (state) => status.set({ valid: state.number.valid && state.cvv.valid, error: null }),
        onReady: () => status.set({ ready: true }),
        onError: (message) => status.set({ error: message, unavailable: true }),
      });
    },

    status: status.get,
    onStatus: status.subscribe,

    async tokenize({ expiry }) {
      if (!fields) return { ok: false, error: words.vaultLoadFailed };
      if (!expiry) return { ok: false, error: EXPIRY_MESSAGES.missing };
      const result = await fields.tokenize({ expiryMonth: expiry.month, expiryYear: expiry.year });
      if ("transactionId" in result) return { ok: true, token: result.transactionId, expiry, vaultTransactionId: result.transactionId };
      return { ok: false, error: result.error };
    },

    unmount() {
      generation++;
      fields?.destroy();
      fields = undefined;
      status.set({ ready: false, valid: false, error: null });
    },
  };
}
