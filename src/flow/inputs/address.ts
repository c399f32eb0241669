// The address search (SPEC §2 step 5): the visitor picks an address; its parts come as the
// answer's values, trimmed and bounded. A street and a postal code are required.
import { ADDRESS_MAX } from "../../schema/contact.ts";
import type { Answers } from "../types.ts";
import type { InputKind } from "./input-kind.ts";
import { validation } from "../../i18n/en/validation.ts";

/** Parts of an address the visitor may pick from the search box. */
export const ADDRESS_FIELDS = [
  "customerAddress",
  "customerCity",
  "customerState",
  "customerZip",
  "customerCounty",
  "customerCountryCode",
  "customerLat",
  "customerLng",
] as const;

/** Each part within the limit the backend shares (src/schema/contact.ts); lat and lng are short. */
const PART_MAX: Partial<Record<(typeof ADDRESS_FIELDS)[number], number>> = {
  customerAddress: ADDRESS_MAX.street,
  customerCity: ADDRESS_MAX.city,
  customerState: ADDRESS_MAX.state,
  customerZip: ADDRESS_MAX.postalCode,
  customerCounty: ADDRESS_MAX.county,
};

export const address: InputKind<"address"> = {
  resolve(spec, from) {
    return { kind: "address", label: from.say(spec.label) };
  },
  accept(_input, answer, { m = validation }) {
    const values: Record<string, string | number> = {};
    for (const field of ADDRESS_FIELDS) {
      const value = answer.values?.[field];
      if (typeof value === "number") values[field] = value;
      else if (value?.trim()) values[field] = value.trim().slice(0, PART_MAX[field] ?? 200);
    }
    if (!values.customerAddress || !values.customerZip) {
      return { ok: false, reason: "address without street or postal code", message: m.chooseAddress };
    }
    return { ok: true, values: values as Answers, display: answer.value.trim().slice(0, 300) };
  },
};
