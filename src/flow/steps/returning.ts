// SPEC §2 steps 3-4 and §4 'Returning customer': found by phone, welcomed back by name,
// shown the property, checked against the company's limits, then the address confirmed.
import type { StepTable } from "../types.ts";
import { NO, YES } from "../answers.ts";

export const returningSteps = {
  lookupCustomer: {
    task: "lookupCustomer",
    on: { found: "welcomeBack", "not-found": "askName", failed: "askName" },
  },
  welcomeBack: {
    say: ["welcomeBack"],
    images: ["aerialImage", "streetImage"],
    next: [
      { if: "lotOutOfRange", to: "sqftTooBig" },
      { if: "hasNoEmail", to: "askEmailReturning" },
      { if: "zipNotServiced", to: "zipNotServiced" },
      { to: "confirmAddress" },
    ],
  },
  askEmailReturning: {
    say: ["askEmail"],
    input: { kind: "text", label: "emailLabel", validate: "email", maxLength: 254, inputMode: "email", autocomplete: "email" },
    next: [{ if: "zipNotServiced", to: "zipNotServiced" }, { to: "confirmAddress" }],
  },
  confirmAddress: {
    say: ["confirmAddress", "confirmAddressDetail"],
    input: {
      kind: "buttons",
      options: [
        { value: YES, label: "yes" },
        { value: NO, label: "no" },
      ],
    },
    saveAs: "addressConfirmed",
    next: [{ if: "answeredNo", to: "notMyAddress" }, { to: "addressConfirmed" }],
  },
  addressConfirmed: {
    say: ["addressConfirmed"],
    next: [{ to: "checkPreviousQuote" }],
  },
  notMyAddress: {
    say: ["notMyAddress", "askAddress"],
    input: { kind: "address", label: "addressLabel" },
    next: [{ if: "zipNotServiced", to: "zipNotServiced" }, { to: "askUnit" }],
  },
} satisfies StepTable;
