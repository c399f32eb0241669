// Customer fields from the query or the host page's prefill become answers, so questions
// already answered are skipped. Only values that would pass the question's own validation
// count; anything else is asked as usual.
import type { CustomerFields } from "../config/query-flags.ts";
import { abbreviateRegion, normalizeCountry } from "../address/region-abbreviations.ts";
import { parseFreeAddress } from "../address/parse-free-address.ts";
import type { Answers } from "./types.ts";
import { validators } from "./validators.ts";

function accept(answers: Answers, raw: string | undefined, validate: (raw: string) => ReturnType<typeof validators.name>) {
  if (!raw) return;
  const result = validate(raw);
  if (result.ok) Object.assign(answers, result.values);
}

export function prefillAnswers(customer: CustomerFields): Answers {
  const answers: Answers = {};
  accept(answers, customer.customerName, validators.name);
  accept(answers, customer.phonenumber, validators.phone);
  accept(answers, customer.customerEmail, validators.email);

  // googlelocate is one free-text address; the separate fields, when given, win over it.
  const located = customer.googlelocate ? parseFreeAddress(customer.googlelocate) : {};
  const street = customer.customerAddress ?? located.street;
  const zip = customer.customerZip ?? located.postalCode;
  const city = customer.customerCity ?? located.city;
  const state = customer.customerState ?? located.state;
  if (street && zip) {
    answers.customerAddress = street.trim();
    answers.customerZip = zip.trim().toUpperCase();
    if (city) answers.customerCity = city.trim();
    if (state) answers.customerState = abbreviateRegion(state);
    if (located.country) answers.customerCountryCode = normalizeCountry(located.country);
  }
  return answers;
}
