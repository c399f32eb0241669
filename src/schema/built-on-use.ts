// Schemas built the first time something is parsed with them, not when their module runs
// (issue 35): the widget's first run, which the loader makes before any click, spent about 20 ms
// at 4x CPU building the company configuration's schema and 10 ms the price blocks', half of
// that run. valibot's `lazy` asks for its schema at each parse: each is built once and kept.
import * as v from "valibot";

/** One module's schemas, built together on the first parse with any of them: `on(name)` is that one. */
export function schemasOnUse<T extends Record<string, v.GenericSchema>>(build: () => T) {
  let built: T | undefined;
  return <K extends keyof T>(name: K): v.LazySchema<T[K]> => v.lazy(() => (built ??= build())[name]);
}

/** One schema, built on its first parse. */
export const builtOnUse = <S extends v.GenericSchema>(build: () => S): v.LazySchema<S> => schemasOnUse(() => ({ schema: build() }))("schema");

/** Builds a schema made here now (the widget does it in a task of its own before any click). */
export function buildNow(schema: v.LazySchema<v.GenericSchema>): void {
  schema.getter(undefined);
}
