// Every answer the flow itself knows, by name, with the kind of value it holds in the state:
// text a string, a number a number, a flag a boolean, a list an array. `Answers` is derived
// from the two tables below, so tsc catches a misspelt name or a value of the wrong kind. The
// company's own questions answer under their configured ids (src/flow/steps/configured.ts), as
// text, read with `answerOf`.
//
// Outside the state (the saved conversation, the API bodies, a step's raw input) answers are
// text: flags "true" (or "" when false), numbers their digits, lists JSON. `answersToWire`,
// `answersFromWire` and `answerFromText` below are the one place that converts, used only at
// those edges.
import { toJsonText } from "../json/stringify-json.ts";

/** The answers that hold text (names, contact, address, choices, ids): every name not below. */
const TEXT_ANSWERS = [
  "Greeting.Selection",
  "customerFirstName",
  "customerLastName",
  "customerName",
  "phonenumber",
  "customerEmail",
  "customerAddress",
  "customerUnit",
  "customerCity",
  "customerState",
  "customerZip",
  "customerCounty",
  "customerCountryCode",
  "hasApartment",
  "addressConfirmed",
  "source",
  "sourceDescription",
  "referrer",
  "additionalSourceInfo",
  "previousQuoteId",
  /** The capability of previousQuoteId / quoteId (POST /v1/quote/details); never recorded. */
  "previousQuoteToken",
  "crmStatus",
  "crmCreditHoldStatus",
  "quoteId",
  "quoteToken",
  /** The quote start's Idempotency-Key while it waits in the outbox (src/state/lead-delivery.ts). */
  "quoteStartKey",
  "crmId",
  "contactId",
  "branchId",
  "measureUnits",
  "measurItImage",
  /** The measuring tool's drawing as GeoJSON text (src/contract/lawn-outline.ts). */
  "measurOutline",
  "aerialImg",
  "streetImg",
  /** The sale's receipt (after a payment): the transaction, the amount charged as shown, what was bought. */
  "saleTransactionId",
  "saleAmount",
  "saleServices",
  "salePlan",
  "lastMowed",
  "lawnCareParty",
  "whyNewProvider",
  "lawnThickness",
  "lawnBiggestProblem",
  "lawnType",
  "objectionReason",
  "objectionRebuttal",
  "objectionComments",
  "emergency",
  "serviceAgreement",
  "servmanCategoryId",
  "servmanProblemId",
  "additionalInformation",
  "servmanOrderId",
  "scheduleFrom",
  "scheduleDate",
  "scheduleDay",
  "scheduleSlot",
  "schedulingTermsAccepted",
  /** The texts consent box's words as shown (issue 34); with textConsentGiven, sent with the quote's start. */
  "textConsentText",
] as const;

/**
 * The answers of another kind, and theirs. The converter below reads only this table, so the
 * text names above stay out of the widget's bundle (isAnswerKey is for tests and checks).
 */
const TYPED_ANSWERS = {
  customerLat: "number",
  customerLng: "number",
  totalLotSize: "number",
  lawnSize: "number",
  adjustedLotSize: "number",
  lawnHappiness: "number",
  measureCancelled: "flag",
  /** The customer lookup found an e-mail on file (the lookup never gives the address itself). */
  emailOnFile: "flag",
  quoteConverted: "flag",
  quoteHadPrices: "flag",
  /** The visitor ticked the texts consent box (issue 34). */
  textConsentGiven: "flag",
  /** The chosen programs' names. */
  selectedPrograms: "list",
  /** What the servman tasks fetched (src/flow/scheduling.ts reads them): the server's own records. */
  servmanCategories: "records",
  servmanProblems: "records",
  servmanSlots: "records",
} as const satisfies Record<string, Exclude<AnswerKind, "text">>;

export type AnswerKey = (typeof TEXT_ANSWERS)[number] | keyof typeof TYPED_ANSWERS;

/** A record of a list the server sent (a servman category, problem or time slot). */
export type ListRecord = Readonly<Record<string, unknown>>;

interface KindValues {
  text: string;
  number: number;
  flag: boolean;
  list: string[];
  records: ListRecord[];
}
type AnswerKind = keyof KindValues;

type KindOf<K extends AnswerKey> = K extends keyof typeof TYPED_ANSWERS ? (typeof TYPED_ANSWERS)[K] : "text";
export type AnswerValue<K extends AnswerKey = AnswerKey> = KindValues[KindOf<K>];

/** The conversation's answers, each of its own type. A company's question is text, read with answerOf. */
export type Answers = { [K in AnswerKey]?: AnswerValue<K> };

/** Answers as text, the way they are stored and sent (docs/api.md `answers`). */
export type WireAnswers = Record<string, string>;

type AnyValue = KindValues[AnswerKind];

const isTyped = (name: string): name is keyof typeof TYPED_ANSWERS => Object.hasOwn(TYPED_ANSWERS, name);

export function isAnswerKey(name: string): name is AnswerKey {
  return isTyped(name) || (TEXT_ANSWERS as readonly string[]).includes(name);
}

/** An answer as text: flags "true" or "", numbers their digits, lists JSON. */
export function answerText(value: AnyValue): string {
  return typeof value === "object" ? toJsonText(value) : value === true ? "true" : value === false ? "" : String(value);
}

const isRecord = (item: unknown): item is ListRecord => typeof item === "object" && item !== null && !Array.isArray(item);

/**
 * The answer under `name` from its text (a stored or received answer, a step's raw input):
 * undefined when the text is not a value of the name's kind (junk is dropped, not guessed).
 */
export function answerFromText(name: string, text: string): AnyValue | undefined {
  const kind: AnswerKind = isTyped(name) ? TYPED_ANSWERS[name] : "text";
  if (kind === "text") return text;
  if (kind === "flag") return text === "true";
  if (kind === "number") return text.trim() && Number.isFinite(+text) ? +text : undefined;
  try {
    const list: unknown = JSON.parse(text);
    if (!Array.isArray(list)) return undefined;
    if (kind === "records") return list.filter(isRecord);
    // A list of names, each once; a list with anything else in it is junk.
    return list.every((n) => typeof n === "string") ? [...new Set(list as string[])] : undefined;
  } catch {
    return undefined;
  }
}

/** Answers as stored and sent: every value as text. */
export function answersToWire(answers: Answers): WireAnswers {
  const wire: WireAnswers = {};
  for (const [name, value] of Object.entries(answers)) if (value !== undefined) wire[name] = answerText(value);
  return wire;
}

/** Stored or received answers (text, as answersToWire wrote them) back in the state's types. */
export function answersFromWire(wire: Readonly<Record<string, unknown>>): Answers {
  const answers: Record<string, AnyValue> = {};
  for (const [name, text] of Object.entries(wire)) {
    const value = typeof text === "string" ? answerFromText(name, text) : undefined;
    if (value !== undefined) answers[name] = value;
  }
  return answers as Answers;
}

/** The answer `text` of a step's raw input, saved under its variable (typed by the name's kind). */
export const answerAt = (name: string | undefined, text: string): Answers => (name ? answersFromWire({ [name]: text }) : {});

/**
 * The answer under a name known only at run time (a company's question id, a step's
 * `saveAs`), as text. Everywhere else, `answers.someKey` is checked by tsc against the tables above.
 */
export function answerOf(answers: Answers, name: string): string | undefined {
  const value = (answers as Readonly<Record<string, AnyValue | undefined>>)[name];
  return value === undefined ? undefined : answerText(value);
}
