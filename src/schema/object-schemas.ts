// valibot's object schemas, made safe on pages that add enumerable properties to
// Object.prototype (`Object.prototype.foo = function () {}`, common on older sites).
//
// valibot walks a schema's entries with for…in, so an inherited `foo` is taken for an entry and
// called as a schema ("o.~run is not a function"); strict objects also walk the input with
// for…in and reject the inherited `foo` as an unknown key. So the entries are kept in an object
// without a prototype, and a plain input object is read through a prototype-less copy of its own
// properties. Everything in src/ builds object schemas here, never with v.object directly
// (test/unit/schema proves both); a schema built elsewhere is made safe by hardenObjectSchemas.
import * as v from "valibot";

function withoutPrototype<T extends object>(entries: T): T {
  return Object.assign(Object.create(null) as T, entries);
}

/** A plain object's own enumerable properties, in an object that inherits nothing. */
export function ownProperties(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = (value as Record<string, unknown>)[key];
  return copy;
}

type RunFn = (dataset: v.UnknownDataset, config: v.Config<v.BaseIssue<unknown>>) => v.OutputDataset<unknown, v.BaseIssue<unknown>>;

const guardedSchemas = new WeakSet<object>();

function readingOwnProperties<S extends { "~run": unknown }>(schema: S): S {
  if (guardedSchemas.has(schema)) return schema;
  guardedSchemas.add(schema);
  const run = schema["~run"] as RunFn;
  const guarded: RunFn = function (this: S, dataset, config) {
    dataset.value = ownProperties(dataset.value);
    return run.call(this, dataset, config);
  };
  return Object.assign(schema, { "~run": guarded });
}

export function object<const TEntries extends v.ObjectEntries>(entries: TEntries): v.ObjectSchema<TEntries, undefined> {
  return readingOwnProperties(v.object(withoutPrototype(entries)));
}

export function strictObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
): v.StrictObjectSchema<TEntries, undefined> {
  return readingOwnProperties(v.strictObject(withoutPrototype(entries)));
}

export function looseObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
): v.LooseObjectSchema<TEntries, undefined> {
  return readingOwnProperties(v.looseObject(withoutPrototype(entries)));
}

const OBJECT_TYPES = new Set(["object", "strict_object", "loose_object", "object_with_rest"]);

/**
 * Makes every object schema inside `schema` safe in place, as the builders above do: for a
 * schema this codebase imports but does not build (one module of settings builds its own).
 */
export function hardenObjectSchemas<S extends v.GenericSchema>(schema: S): S {
  const seen = new WeakSet<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const part = node as Record<string, unknown>;
    if (part.kind !== "schema") return;
    if (OBJECT_TYPES.has(part.type as string) && part.entries && typeof part.entries === "object") {
      if (Object.getPrototypeOf(part.entries) !== null) Object.setPrototypeOf(part.entries, null);
      readingOwnProperties(part as { "~run": unknown });
      for (const key of Object.keys(part.entries)) visit((part.entries as Record<string, unknown>)[key]);
    }
    for (const key of ["wrapped", "item", "key", "value", "rest"]) visit(part[key]);
    for (const key of ["options", "pipe", "items"]) {
      const list = part[key];
      if (Array.isArray(list)) for (let i = 0; i < list.length; i++) visit(list[i]);
    }
  };
  visit(schema);
  return schema;
}
