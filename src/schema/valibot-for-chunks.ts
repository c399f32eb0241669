// The part of valibot the lazily loaded chunks' schemas use (payment calls, the card frame's
// messages), shared from the widget's copy as `v` by src/payments/shared-core.ts. A chunk
// that needs another function adds it here; the widget then carries it too.
export {
  array,
  boolean,
  check,
  finite,
  integer,
  literal,
  maxLength,
  maxValue,
  minLength,
  minValue,
  nullable,
  number,
  optional,
  parse,
  picklist,
  pipe,
  regex,
  safeParse,
  string,
  trim,
  union,
  variant,
  type InferOutput,
} from "valibot";
