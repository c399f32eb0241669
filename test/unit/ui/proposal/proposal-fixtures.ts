// Hand-written priced quotes for the proposal view: every amount and text is chosen here, so
// a test can say what the visitor must see without asking the pricing engine.
import { createElement } from "react";
import type { PriceBlock } from "../../../../src/contract/quote-services.ts";
import type { PricedLine, PricedQuote, PricedService, SummaryRow } from "../../../../src/pricing/types.ts";
import { ProposalModal, type ProposalModalProps } from "../../../../src/ui/proposal/proposal-modal.tsx";

export function priceBlock(overrides: Partial<PriceBlock> = {}): PriceBlock {
  return {
    id: "block-1",
    programId: "program-1",
    serviceName: "Fertilizer & Weed Control",
    serviceType: "fertilizer",
    isUpsell: false,
    alwaysOnTop: false,
    selected: true,
    applicationLabel: "application",
    realTime: true,
    hideDiscountText: false,
    applicationsRemaining: 6,
    prePayDiscount: 5,
    offers: [],
    services: { application: [], prePay: [] },
    pricing: [],
    ...overrides,
  };
}

export function pricedService(block: Partial<PriceBlock>, amounts: Partial<PricedService> = {}): PricedService {
  return {
    block: priceBlock(block),
    lines: [],
    firstAppPrice: 3640,
    applicationPrice: 4550,
    totalProgramCost: 26390,
    prePayPrice: 25071,
    prePaySaving: 1319,
    prePayNet: 23430,
    todayNet: 3400,
    todayTax: 240,
    installment: 4550,
    installmentNet: 4250,
    ...amounts,
  };
}

export const FERTILIZER = pricedService(
  {
    id: "fert",
    serviceName: "Fertilizer & Weed Control",
    serviceDescription: "Six visits a year.\nWeeds gone by June.",
    seasonalText: "Two applications already passed this season",
  },
  { lines: [pricedLine(["20% off for the 1st application", "Free grub check"]), pricedLine([])] },
);

/** An application line carrying these offer texts (its figures are not shown by the proposal). */
export function pricedLine(offers: string[], overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    grossPrice: 4550,
    netPrice: 4250,
    taxes: 300,
    tooLateToDo: false,
    usesUpfrontPricing: false,
    upfrontPrice: 0,
    upfrontPriceTax: 0,
    recurringPrice: 0,
    recurringPriceTax: 0,
    recurringPeriod: 1,
    discountData: offers.map((text) => ({ discountAmount: 20, dollarDiscount: 1, text })),
    ...overrides,
  };
}

export const AERATION_SELECTED = pricedService(
  { id: "aer-sel", serviceName: "Core Aeration", applicationLabel: "visit" },
  { firstAppPrice: 9900, applicationPrice: 8800, prePayPrice: 17600, todayNet: 9200, installmentNet: 8200, prePayNet: 16400 },
);

export const ADD_ON_GRUB = pricedService(
  { id: "grub", serviceName: "Grub Prevention", isUpsell: true, selected: false },
  { firstAppPrice: 6500, applicationPrice: 6500, prePayPrice: 6175, todayNet: 6000, installmentNet: 6000, prePayNet: 5700 },
);
export const ADD_ON_SEED = pricedService(
  { id: "seed", serviceName: "Overseeding", isUpsell: true, selected: false, applicationLabel: "treatment" },
  { firstAppPrice: 12000, applicationPrice: 11000, prePayPrice: 22800, todayNet: 11200, installmentNet: 10250, prePayNet: 21300 },
);

export const SUMMARY: SummaryRow[] = [
  { id: "subtotal", label: "SUBTOTAL", amount: 13540, value: "$135.40" },
  { id: "tax", label: "SERVICE TAX (7.250%)", amount: 982, value: "$9.82" },
  { id: "today", label: "GET STARTED TODAY", amount: 14522, value: "$145.22" },
  { id: "installment", label: "INSTALLMENT PAYMENT AMOUNT", amount: 13350, value: "$133.50" },
];

export function pricedQuote(overrides: Partial<PricedQuote> = {}): PricedQuote {
  return {
    currency: "USD",
    services: [FERTILIZER, AERATION_SELECTED],
    totals: { allTotal: 42671, firstTotal: 13540, regularTotal: 13350, discount: 1319, term: "application" },
    summary: SUMMARY,
    plan: { shown: true, autopayLabel: "AUTOPAY", prepayLabel: "PRE-PAY", saveText: "& SAVE $13.19" },
    periodLabel: "Monthly Billing",
    amountDueToday: 14522,
    ...overrides,
  };
}

/** Shows amounts raw, so a test can tell which amount and currency reached the screen. */
export const rawMoney = (minor: number, code: string) => `${code} ${minor}`;

export type Calls = Array<[string, ...unknown[]]>;

/** Props with every callback recording into `calls`. */
export function modalProps(calls: Calls, overrides: Partial<ProposalModalProps> = {}): ProposalModalProps {
  return {
    quote: pricedQuote(),
    addOns: [ADD_ON_GRUB, ADD_ON_SEED],
    header: {
      address: "1234 Oak Street, Dublin, OH 43017",
      customerName: "Ann Bell",
      homeImage: { src: "https://img.example/aerial.png", alt: "Aerial view of 1234 Oak Street" },
      sizeEstimate: "5,200 sq ft",
    },
    companyName: "Greenway Lawn",
    teamPicture: "https://img.example/team.jpg",
    termsOfService: "Payments renew each season.\nCancel any time by phone.",
    convertedSale: false,
    hideSummary: false,
    bypassPayment: false,
    formatMoney: rawMoney,
    onTermChange: (term) => calls.push(["term", term]),
    onToggleService: (id, selected) => calls.push(["toggle", id, selected]),
    onThinkAboutIt: () => calls.push(["think"]),
    onSignUp: () => calls.push(["signUp"]),
    onClose: () => calls.push(["close"]),
    ...overrides,
  };
}

export const proposalModal = (props: ProposalModalProps) => createElement(ProposalModal, props);
