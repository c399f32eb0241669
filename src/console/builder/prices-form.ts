// The Prices page's form model (issue 25, part B): the pricing document as text fields (amounts
// as decimal strings, as typed) and back. Numbers are only parsed from the typed text, never
// added up: the server checks and prices the document.
import type { FieldIssue } from "../../contract/console-builder.ts";
import type { BuilderWords } from "../../i18n/console-words.ts";

export type Json = Record<string, unknown>;

export interface OfferForm {
  discountType: "percentage-off" | "fixed-price" | "discounted-price-table";
  percent: string;
  price: string;
  prices: string[];
  appliedTo: "first-app" | "entire-program";
  hide: boolean;
}
export interface ProgramForm {
  /** The program as loaded: the fields this form does not edit are sent back as they were. */
  original: Json;
  name: string;
  applications: string;
  kind: "lawn-size" | "flat" | "upfront";
  perApplication: string[];
  flat: string;
  upfrontPrice: string;
  recurringPrice: string;
  recurringPeriod: string;
  recurringPayments: string;
  prePayDiscount: string;
  offers: OfferForm[];
}
export interface PricesForm {
  original: Json;
  brackets: string[];
  programs: ProgramForm[];
}

/** A number of the stored document as the form shows it ("45.5" → "45.50" for a 2-digit currency). */
const amountText = (value: unknown, digits: number) => (typeof value === "number" ? value.toFixed(digits) : "");
const numberText = (value: unknown) => (typeof value === "number" ? String(value) : "");
const AMOUNT = /^\d{1,7}(\.\d{1,4})?$/;
const WHOLE = /^\d{1,9}$/;

export function toForm(document: Json, digits: number): PricesForm {
  const programs = (document.programs as Json[]).map((program): ProgramForm => {
    const price = program.price as Json;
    const perApplication = Array.isArray(price.perApplication) ? (price.perApplication as unknown[]).map((v) => amountText(v, digits)) : [];
    return {
      original: program,
      name: String(program.name ?? ""),
      applications: numberText(program.applications),
      kind: price.kind as ProgramForm["kind"],
      perApplication,
      flat: price.kind === "flat" ? amountText(price.perApplication, digits) : "",
      upfrontPrice: amountText(price.upfrontPrice, digits),
      recurringPrice: amountText(price.recurringPrice, digits),
      recurringPeriod: numberText(price.recurringPeriod),
      recurringPayments: numberText(price.recurringPayments),
      prePayDiscount: numberText(program.prePayDiscount ?? 0),
      offers: ((program.offers as Json[] | undefined) ?? []).map((offer) => ({
        discountType: offer.discountType as OfferForm["discountType"],
        percent: numberText(offer.percent),
        price: amountText(offer.price, digits),
        prices: Array.isArray(offer.prices) ? (offer.prices as unknown[]).map((v) => amountText(v, digits)) : [],
        appliedTo: (offer.appliedTo as OfferForm["appliedTo"]) ?? "first-app",
        hide: offer.hide === true,
      })),
    };
  });
  return { original: document, brackets: ((document.lawnSizeBrackets as unknown[] | undefined) ?? []).map(numberText), programs };
}

/** The form as the pricing document, and the fields whose text is not a number (checked here, before any request). */
export function toDocument(form: PricesForm, t: BuilderWords): { document: Json; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const amount = (text: string, path: string) => {
    if (!AMOUNT.test(text.trim())) issues.push({ path, message: t.notAnAmount });
    return Number(text.trim());
  };
  const count = (text: string, path: string) => {
    if (!WHOLE.test(text.trim())) issues.push({ path, message: t.notANumber });
    return Number(text.trim());
  };
  const brackets = form.brackets.map((text, i) => count(text, `lawnSizeBrackets.${i}`));
  const programs = form.programs.map((program, i) => {
    const at = `programs.${i}`;
    const price =
      program.kind === "lawn-size"
        ? { kind: "lawn-size", perApplication: program.perApplication.map((text, j) => amount(text, `${at}.price.perApplication.${j}`)) }
        : program.kind === "flat"
          ? { kind: "flat", perApplication: amount(program.flat, `${at}.price.perApplication`) }
          : {
              kind: "upfront",
              upfrontPrice: amount(program.upfrontPrice, `${at}.price.upfrontPrice`),
              recurringPrice: amount(program.recurringPrice, `${at}.price.recurringPrice`),
              recurringPeriod: count(program.recurringPeriod, `${at}.price.recurringPeriod`),
              recurringPayments: count(program.recurringPayments, `${at}.price.recurringPayments`),
            };
    const offers = program.offers.map((offer, j) => {
      const where = `${at}.offers.${j}`;
      const base = { discountType: offer.discountType, appliedTo: offer.appliedTo, hide: offer.hide };
      if (offer.discountType === "percentage-off") return { ...base, percent: amount(offer.percent, `${where}.percent`) };
      if (offer.discountType === "fixed-price") return { ...base, price: amount(offer.price, `${where}.price`) };
      return { ...base, prices: offer.prices.map((text, k) => amount(text, `${where}.prices.${k}`)) };
    });
    return {
      ...program.original,
      name: program.name,
      applications: count(program.applications, `${at}.applications`),
      price,
      offers,
      prePayDiscount: amount(program.prePayDiscount, `${at}.prePayDiscount`),
    };
  });
  return { document: { ...form.original, lawnSizeBrackets: brackets, programs }, issues };
}

/** Resizes every per-bracket list to `count` amounts (a new bracket starts empty). */
export const resize = (list: string[], count: number) => (list.length >= count ? list.slice(0, count) : [...list, ...Array<string>(count - list.length).fill("")]);
