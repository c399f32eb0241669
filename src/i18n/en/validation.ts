// The validation messages in English (SPEC §5's exact wording), keyed: shown under an input
// whose answer src/flow/validators.ts refuses. Every other language's validation.ts is typed
// against them.
export const validation = {
  email: "Please enter a valid email address",
  required: "This field is required.",
  phone: "Phone number must be 10 or 11 digits",
  unit: "Apartment, Unit or Suite Number is Required",
  name: "Please enter your first and last name.",
  numeric: "Please input only numeric values.",
  maxLimit: "The max character limit has been reached.",
  exceeding: (max: number) => `Please enter a value not exceeding ${max} characters`,
  // SPEC §5 configured number input.
  wholeNumber: "Please enter a whole number.",
  validNumber: "Please enter a valid number.",
  atLeast: (min: number) => `Please enter a number greater than or equal to ${min}.`,
  atMost: (max: number) => `Please enter a number less than or equal to ${max}.`,
  // The address search: a pick without a street or postal code.
  chooseAddress: "Please choose an address from the list.",
};

/** A language's validation messages: the same keys, the same arguments. */
export type ValidationMessages = { [K in keyof typeof validation]: (typeof validation)[K] extends string ? string : (typeof validation)[K] };
