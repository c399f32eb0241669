// The payment processors, one row each (issue 36), as shipped-files.mjs is one table of the
// shipped files. A row is a processor's kind (its paymentMethod on the wire), how a company's
// cardProcessor or paymentType names it, the PaymentProviders setting it cannot work without,
// and what the server checks of its payment body. ProcessorKind, PaymentMethod and
// PAYMENT_METHODS come from it; the widget builds a kind's adapter from ADAPTERS
// (src/payments/create-payment-adapter.ts) and the server charges a method through CHARGES
// (server/payments/processor-table.ts), each a Record over the kinds: a new processor is a row
// here, its adapter there and its charge there, and the compiler names what is missing
// (test/unit/contract/payment-processors.test.ts checks the same at run time).
// Pure data: the widget carries it (chooseProcessor), its quote chunk reads it through
// src/flow/shared-pure.ts, and the server loads it with the payment contract. What people call
// each one (the docs' names) is the server's (PROCESSOR_LABELS): the widget never shows it.

/** paymentInfo's fields beside the token that a method's body must carry. */
type BodyField = "paymentToken" | "crmId";

export interface ProcessorRow {
  /** The processor, and its body's paymentMethod. */
  kind: string;
  /** How cardProcessor or paymentType names it (lower-cased, trimmed); null: chosen by `bypassPayment: true` only. */
  named: RegExp | null;
  /** The PaymentProviders setting it needs; without it the checkout says payment is not set up. null: none. */
  needs: "stripe" | "cardVault" | "crmPaymentFrameUrl" | null;
  /** paymentInfo.token: a provider's token ("card", and the amount above 0), or null ("none"). */
  token: "card" | "none";
  /** What else paymentInfo must carry. */
  with: readonly BodyField[];
  /** Its device wallet's paymentMethod (POST /v1/payment/device, a card token, charged as this processor is), or null. */
  wallet: string | null;
  /** Its payment session is for one amount (of these programs, this term): a new amount needs a new session. */
  sessionPerAmount: boolean;
}

export const PAYMENT_PROCESSORS = [
  { kind: "stripe", named: /^stripe$/, needs: "stripe", token: "card", with: [], wallet: "device-wallet", sessionPerAmount: false },
  { kind: "card-vault", named: /^[a-z0-9]+(-[a-z0-9]+)*-credit-card-vault$/, needs: "cardVault", token: "card", with: [], wallet: null, sessionPerAmount: false },
  { kind: "real-green", named: /^real-green-payment-processing$/, needs: "crmPaymentFrameUrl", token: "card", with: ["paymentToken", "crmId"], wallet: null, sessionPerAmount: true },
  { kind: "bypass", named: null, needs: null, token: "none", with: [], wallet: null, sessionPerAmount: false },
] as const satisfies readonly ProcessorRow[];

type Row = (typeof PAYMENT_PROCESSORS)[number];
export type ProcessorKind = Row["kind"];
/** One kind's row, with its literal values. */
export type ProcessorRowOf<K extends ProcessorKind> = Extract<Row, { kind: K }>;
/** A processor's kind, or a processor's device wallet. */
export type PaymentMethod = ProcessorKind | NonNullable<Row["wallet"]>;

/** SPEC §3: cardProcessor and paymentType default to it. */
export const DEFAULT_PROCESSOR: ProcessorKind = "stripe";

/** Every paymentMethod a body may name: the kinds, then the wallets. */
export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  ...PAYMENT_PROCESSORS.map((row) => row.kind),
  ...PAYMENT_PROCESSORS.flatMap((row) => (row.wallet ? [row.wallet] : [])),
];

/** A method's row: its own, or, for a device wallet, its processor's. */
export const processorOf = (method: PaymentMethod): Row =>
  PAYMENT_PROCESSORS.find((row) => row.kind === method || row.wallet === method)!;

/** True for a device wallet's method (its own endpoint, POST /v1/payment/device). */
export const isWallet = (method: PaymentMethod): boolean => processorOf(method).kind !== method;
