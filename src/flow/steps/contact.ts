// SPEC §2 step 5: name, phone, email, address and unit. Each question is skipped when its
// answer is already known (prefill, query flags, a returning visitor). The phone's step carries
// the texts consent box when the company texts (issue 34).
import type { StepTable } from "../types.ts";
import { NO, YES } from "../answers.ts";

export const contactSteps = {
  askName: {
    skipIf: "hasName",
    say: ["askName"],
    input: { kind: "text", label: "nameLabel", validate: "name", maxLength: 100, autocomplete: "name" },
    next: [{ to: "askPhone" }],
  },
  askPhone: {
    skipIf: "hasPhone",
    say: ["askPhone"],
    input: { kind: "text", label: "phoneLabel", validate: "phone", maxLength: 11, inputMode: "tel", autocomplete: "tel", consent: true },
    next: [{ to: "askEmail" }],
  },
  askEmail: {
    skipIf: "hasEmail",
    say: ["askEmail"],
    input: { kind: "text", label: "emailLabel", validate: "email", maxLength: 254, inputMode: "email", autocomplete: "email" },
    next: [{ to: "askAddress" }],
  },
  askAddress: {
    skipIf: "hasAddress",
    say: ["askAddress"],
    input: { kind: "address", label: "addressLabel" },
    next: [{ if: "zipNotServiced", to: "zipNotServiced" }, { to: "askUnit" }],
  },
  askUnit: {
    skipIf: "hasUnit",
    say: ["askUnit"],
    input: {
      kind: "buttons",
      options: [
        { value: YES, label: "yes" },
        { value: NO, label: "no" },
      ],
    },
    saveAs: "hasApartment",
    next: [{ if: "answeredYes", to: "askUnitNumber" }, { to: "askSource" }],
  },
  askUnitNumber: {
    say: ["askUnitNumber"],
    input: { kind: "text", label: "unitLabel", validate: "unit", maxLength: 50, autocomplete: "address-line2" },
    next: [{ to: "askSource" }],
  },
} satisfies StepTable;
