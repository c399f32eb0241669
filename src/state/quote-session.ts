// The quote's side of the conversation: loads the programs, records the answers, fetches tax
// and prices (SPEC §7), keeps the visitor's service switches, refetches prices when what they
// depend on changes (SPEC §4 'Other rules'), and opens the modal.
import type { ApiClient } from "../api/client.ts";
import { fetchProgramTypes } from "../api/program-types.ts";
import type { PriceBlock, ServicesBody } from "../contract/quote-services.ts";
import { fetchPriceBlocks } from "../api/quote-services.ts";
import type { QuoteRecordBody } from "../contract/quote-record.ts";
import { recordAnswers } from "../api/quote-record.ts";
import { fetchTaxPercent } from "../api/tax.ts";
import type { CompanyConfig } from "../config/company-config.ts";
import { taxPercentFor } from "../config/tax-rate.ts";
import { programsOffered, selectedProgramNames } from "../flow/programs.ts";
import type { Answers } from "../flow/types.ts";
import { answersToWire, type WireAnswers } from "../flow/answer-keys.ts";
import { hasPricedService } from "../pricing/chargeable.ts";
import { formatMoney, toMinorUnits } from "../pricing/currency.ts";
import type { Term } from "../pricing/types.ts";
import type { CompletedSale } from "./host-events.ts";
import type { SelectedServicesStore } from "../storage/selected-services.ts";
import { flowStateAtom, languageAtom } from "./atoms.ts";
import { localeFor } from "../i18n/language.ts";
import type { Store } from "./atoms.ts";
import {
  chosenTermAtom,
  convertedSaleAtom,
  priceBlocksAtom,
  pricesBusyAtom,
  pricingSettingsAtom,
  programTypesAtom,
  quoteModalOpenAtom,
  quoteViewAtom,
  taxPercentAtom,
} from "./quote-atoms.ts";
import { toJsonText } from "../json/stringify-json.ts";

export type PricingOutcome = "priced" | "too-big" | "empty";

export interface QuoteSession {
  loadPrograms(): Promise<void>;
  /** Records the answers, then tax and prices; the outcome answers the calculating step. */
  calculate(answers: Answers): Promise<PricingOutcome>;
  toggleService(blockId: string, selected: boolean): void;
  setTerm(term: Term): void;
  openModal(): void;
  closeModal(): void;
  hasPrices(): boolean;
  markConverted(): void;
  /** The payment that went through, kept for the receipt the chat says next. */
  recordSale(sale: CompletedSale): void;
  /** The receipt of the recorded sale as answers (saleTransactionId, saleAmount, saleServices, salePlan). */
  saleReceipt(): Answers;
  /** Fetches tax and prices again (the server priced the quote differently); the modal says it is busy meanwhile. */
  reloadPrices(): Promise<void>;
  /** Refetches prices when their inputs change (only once a quote has prices). Returns a cleanup. */
  watch(): () => void;
}

export interface QuoteSessionDeps {
  store: Store;
  api: ApiClient;
  companyId: string;
  botId: string;
  config(): CompanyConfig | null;
  selected: SelectedServicesStore;
  /** Records the answers on the server's quote: through the leads' outbox in the widget. */
  record?(body: QuoteRecordBody): Promise<void>;
}

/** The inputs prices depend on (SPEC §4): a change of any of them refetches. */
function pricingKey(answers: Answers, selectedIds: string[]): string {
  const { customerZip, quoteId, adjustedLotSize, lawnSize } = answers;
  return toJsonText([quoteId, customerZip, adjustedLotSize, lawnSize, answers, selectedIds]);
}

/** The answers as the quote records them: no pictures (the estimate call carries those), nothing oversized. */
/** Kept on this device only: the measuring picture and outline go by their own call, a quote's token nowhere, the texts consent with the quote's start (kept there with its time and address). */
const UNRECORDED = new Set(["measurItImage", "measurOutline", "quoteToken", "previousQuoteToken", "textConsentGiven", "textConsentText"]);

export function recordableAnswers(a: Answers): WireAnswers {
  return Object.fromEntries(
    Object.entries(answersToWire(a)).filter(([key, value]) => !UNRECORDED.has(key) && key.length <= 100 && value.length <= 2000),
  );
}

export function servicesBody(answers: Answers, companyId: string, botId: string, extraTypes: string[] = []): ServicesBody {
  const estimate = answers.adjustedLotSize || answers.lawnSize || 0;
  return {
    serviceTypes: [...new Set([...selectedProgramNames(answers), ...extraTypes])],
    companyId,
    botId,
    quoteId: answers.quoteId ?? "",
    estimate,
    answers: recordableAnswers(answers),
    street: answers.customerAddress ?? "",
    city: answers.customerCity ?? "",
    postalCode: answers.customerZip ?? "",
    ...(answers.customerCounty ? { county: answers.customerCounty } : {}),
    state: answers.customerState ?? "",
    country: (answers.customerCountryCode || "US").slice(0, 2).toUpperCase(),
  };
}

/**
 * SPEC §7: only upsell blocks, alwaysOnTop first; each block's `selected` from the local
 * record when the visitor switched it, else from the programs chosen in the chat.
 */
export function arrangeBlocks(blocks: PriceBlock[], answers: Answers, record: { id: string; selected: boolean }[]): PriceBlock[] {
  const chosen = new Set(selectedProgramNames(answers));
  const switched = new Map(record.map((r) => [r.id, r.selected]));
  const upsells = blocks.filter((b) => b.isUpsell);
  const ordered = [...upsells.filter((b) => b.alwaysOnTop), ...upsells.filter((b) => !b.alwaysOnTop)];
  return ordered.map((b) => ({ ...b, selected: switched.get(b.id) ?? chosen.has(b.serviceType) }));
}

export function createQuoteSession(deps: QuoteSessionDeps): QuoteSession {
  const { store, api, companyId, botId } = deps;
  let generation = 0;
  let lastSale: CompletedSale | null = null;

  const answers = () => store.get(flowStateAtom)?.answers ?? {};

  async function fetchTax(a: Answers, config: CompanyConfig) {
    const lookedUp = config.lookupZipCodeTax
      ? await fetchTaxPercent(api, {
          companyId,
          street: a.customerAddress ?? "",
          postalCode: a.customerZip ?? "",
          city: a.customerCity ?? "",
          ...(a.customerCounty ? { county: a.customerCounty } : {}),
          state: a.customerState ?? "",
          country: (a.customerCountryCode || "US").slice(0, 2),
        })
      : undefined;
    // SPEC §8: a failed lookup keeps the tax the quote had.
    const current = store.get(taxPercentAtom);
    const next = taxPercentFor(config, a.customerZip ?? "", lookedUp ?? (current ?? undefined));
    store.set(taxPercentAtom, next);
  }

  /** Fetches prices; null when this fetch was overtaken by a newer one. */
  async function fetchPrices(a: Answers): Promise<PricingOutcome | null> {
    const mine = ++generation;
    const quoteId = a.quoteId ?? "";
    const record = deps.selected.load(quoteId);
    const extra = record.filter((r) => r.selected).map((r) => r.serviceType);
    const result = await fetchPriceBlocks(api, servicesBody(a, companyId, botId, extra));
    if (mine !== generation) return null;
    if (result.status === "too-big") return "too-big";
    const blocks = arrangeBlocks(result.blocks, a, record);
    store.set(priceBlocksAtom, blocks);
    return hasPricedService(blocks) ? "priced" : "empty";
  }

  function saveSelection(blocks: PriceBlock[]) {
    const quoteId = answers().quoteId;
    if (!quoteId) return;
    deps.selected.save(
      quoteId,
      blocks.map((b) => ({ id: b.id, isUpsell: b.isUpsell, selected: b.selected, serviceName: b.serviceName, serviceType: b.serviceType })),
    );
  }

  return {
    async loadPrograms() {
      const all = await fetchProgramTypes(api, companyId, botId);
      const config = deps.config();
      const warn = (message: string) => console.error(`[quote-assistant] configuration error: ${message}`);
      store.set(programTypesAtom, config ? programsOffered(all, config, warn) : all);
    },

    async calculate(a) {
      const config = deps.config();
      if (!config || !a.quoteId) return "empty";
      try {
        const body = { quoteId: a.quoteId, companyId, payload: { answers: recordableAnswers(a) } };
        await (deps.record ? deps.record(body) : recordAnswers(api, body));
      } catch (error) {
        // The answers are in the conversation; prices do not wait for the record.
        console.error("[quote-assistant] recording the answers failed", error);
      }
      await fetchTax(a, config);
      return (await fetchPrices(a)) ?? "empty";
    },

    toggleService(blockId, selected) {
      const blocks = store.get(priceBlocksAtom);
      if (!blocks) return;
      const next = blocks.map((b) => (b.id === blockId ? { ...b, selected } : b));
      store.set(priceBlocksAtom, next);
      saveSelection(next);
    },

    setTerm(term) {
      store.set(chosenTermAtom, term);
    },
    openModal: () => store.set(quoteModalOpenAtom, true),
    hasPrices: () => hasPricedService(store.get(priceBlocksAtom)),
    closeModal: () => store.set(quoteModalOpenAtom, false),
    markConverted: () => store.set(convertedSaleAtom, true),
    recordSale(sale) {
      lastSale = sale;
    },
    saleReceipt() {
      if (!lastSale) return {};
      const view = store.get(quoteViewAtom);
      const amount = Number(lastSale.value);
      const receipt: Answers = { saleTransactionId: lastSale.transactionId };
      // The amount charged, as the payment answered it, in the company's money format (in the visitor's language).
      const pack = store.get(languageAtom);
      const locale = pack ? localeFor(pack.lang, lastSale.currency) : undefined;
      if (Number.isFinite(amount)) receipt.saleAmount = formatMoney(toMinorUnits(amount, lastSale.currency), lastSale.currency, locale);
      if (view) {
        receipt.saleServices = view.quote.services.map((s) => s.block.serviceName).join(", ");
        const term = store.get(pricingSettingsAtom)?.term;
        receipt.salePlan = term === "total" ? view.quote.plan.prepayLabel : view.quote.plan.autopayLabel;
      }
      return receipt;
    },

    async reloadPrices() {
      const config = deps.config();
      if (!config) return;
      store.set(pricesBusyAtom, true);
      try {
        await fetchTax(answers(), config);
        await fetchPrices(answers());
      } catch (error) {
        console.error("[quote-assistant] reloading the prices failed", error);
      } finally {
        store.set(pricesBusyAtom, false);
      }
    },

    watch() {
      let lastKey: string | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const a = answers();
        const blocks = store.get(priceBlocksAtom);
        // SPEC §4: only when a quote exists (and has been priced once).
        if (!a.quoteId || !blocks) return;
        const key = pricingKey(a, blocks.filter((b) => b.selected).map((b) => b.id));
        if (lastKey === null) {
          lastKey = key;
          return;
        }
        if (key === lastKey) return;
        lastKey = key;
        clearTimeout(timer);
        timer = setTimeout(() => {
          store.set(pricesBusyAtom, true);
          void fetchPrices(answers())
            .catch((error: unknown) => console.error("[quote-assistant] refetching prices failed", error))
            .finally(() => store.set(pricesBusyAtom, false));
        }, 250);
      };
      const unsubscribeFlow = store.sub(flowStateAtom, check);
      const unsubscribeBlocks = store.sub(priceBlocksAtom, check);
      return () => {
        clearTimeout(timer);
        unsubscribeFlow();
        unsubscribeBlocks();
      };
    },
  };
}
