import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, test } from "node:test";
import * as v from "valibot";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { MeasureResultSchema } from "../../../src/contract/measure-messages.ts";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import { hardenObjectSchemas, looseObject, object, strictObject } from "../../../src/schema/object-schemas.ts";

/** Adds `names` to Object.prototype by plain assignment (enumerable), as some host pages do. */
function withPollutedObjectPrototype(names: Record<string, unknown>, body: () => void): void {
  const proto = Object.prototype as Record<string, unknown>;
  for (const [name, value] of Object.entries(names)) proto[name] = value;
  try {
    body();
  } finally {
    for (const name of Object.keys(names)) delete proto[name];
  }
}

const PAGE_ADDITIONS = { foo: function foo() {}, extend: function extend() {}, tagLine: "from the page", $family: "object" };

const fixtureConfigs = loadCompanyFixtures({ widgetOrigin: "http://widget.test" }).map((row) => ({
  name: `${row.companyId}/${row.botId}`,
  raw: JSON.parse(row.config) as unknown,
}));

describe("object schemas on a page that adds enumerable properties to Object.prototype", () => {
  for (const { name, raw } of fixtureConfigs) {
    test(`the ${name} configuration parses to what it parses to on a clean page`, () => {
      const clean = parseCompanyConfig(raw);
      assert.ok(clean.ok);
      withPollutedObjectPrototype(PAGE_ADDITIONS, () => {
        const polluted = parseCompanyConfig(JSON.parse(JSON.stringify(raw)));
        assert.ok(polluted.ok, polluted.ok ? "" : polluted.reason);
        assert.deepEqual(polluted.config, clean.config);
        // An inherited value never stands in for a field the configuration leaves out.
        if (!Object.prototype.hasOwnProperty.call(raw, "tagLine")) assert.equal(polluted.config.tagLine, undefined);
      });
    });
  }

  test("a measuring tool's message (strict object) is still accepted, its extra keys still refused", () => {
    const message = { type: "measurit:result", version: 1, mode: "area", value: 5200, units: "sq ft" };
    withPollutedObjectPrototype(PAGE_ADDITIONS, () => {
      assert.ok(v.is(MeasureResultSchema, message));
      assert.ok(v.is(MeasureResultSchema, structuredClone(message)));
      assert.ok(!v.is(MeasureResultSchema, { ...message, extra: 1 }));
    });
  });

  test("a loose object keeps unknown own keys, never inherited ones", () => {
    const schema = looseObject({ id: v.string() });
    withPollutedObjectPrototype(PAGE_ADDITIONS, () => {
      const output = v.parse(schema, JSON.parse('{"id":"a","own":1}')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(output).sort(), ["id", "own"]);
    });
  });

  test("an own __proto__ key in JSON is not followed", () => {
    const schema = looseObject({ id: v.string() });
    const output = v.parse(schema, JSON.parse('{"id":"a","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(output.polluted, undefined);
  });

  test("price blocks from the API parse the same on a polluted page", () => {
    const blocks: unknown[] = [];
    withPollutedObjectPrototype(PAGE_ADDITIONS, () => {
      assert.deepEqual(v.safeParse(PriceBlocksSchema, blocks).success, true);
    });
  });

  test("the builders behave as valibot's on a clean page", () => {
    const cases: Array<[v.GenericSchema, unknown, boolean]> = [
      [object({ a: v.number() }), { a: 1, b: 2 }, true],
      [object({ a: v.number() }), { b: 2 }, false],
      [object({ a: v.optional(v.number(), 3) }), {}, true],
      [strictObject({ a: v.number() }), { a: 1 }, true],
      [strictObject({ a: v.number() }), { a: 1, b: 2 }, false],
      [looseObject({ a: v.number() }), { a: 1, b: 2 }, true],
      [object({ a: v.number() }), [], false],
      [object({ a: v.number() }), null, false],
    ];
    for (const [schema, input, ok] of cases) assert.equal(v.safeParse(schema, input).success, ok, JSON.stringify(input));
    assert.deepEqual(v.parse(object({ a: v.optional(v.number(), 3) }), {}), { a: 3 });
  });

  test("hardenObjectSchemas makes a schema built with valibot's own builders safe, nested ones too", () => {
    const schema = v.object({ inner: v.optional(v.object({ n: v.number() })), list: v.array(v.strictObject({ s: v.string() })) });
    hardenObjectSchemas(schema);
    withPollutedObjectPrototype(PAGE_ADDITIONS, () => {
      assert.deepEqual(v.parse(schema, { inner: { n: 1 }, list: [{ s: "x" }] }), { inner: { n: 1 }, list: [{ s: "x" }] });
    });
  });
});

describe("every object schema in src/ is built safely", () => {
  const root = join(import.meta.dirname, "../../../src");
  const sources = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: relative(root, join(root, file)), text: readFileSync(join(root, file), "utf8") }));

  test("no module calls v.object, v.strictObject or v.looseObject but the safe builders' own", () => {
    // payment-providers.ts builds its own and is hardened where the configuration uses it.
    const allowed = new Set(["schema/object-schemas.ts", "config/payment-providers.ts"]);
    const offenders = sources
      .filter(({ file, text }) => !allowed.has(file) && /\bv\.(object|strictObject|looseObject|objectWithRest)\(/.test(text))
      .map(({ file }) => file);
    assert.deepEqual(offenders, []);
  });

  test("every exported schema's object entries inherit nothing", async () => {
    const apiModules = sources.filter(({ file }) => /^(api|contract|config|bridge)\/|crm-frame-messages/.test(file));
    const unsafe: string[] = [];
    const visit = (node: unknown, where: string, seen: WeakSet<object>) => {
      if (node === null || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      const part = node as Record<string, unknown>;
      if (part.kind !== "schema") return;
      if (part.entries && typeof part.entries === "object") {
        if (Object.getPrototypeOf(part.entries) !== null) unsafe.push(where);
        for (const [key, entry] of Object.entries(part.entries)) visit(entry, `${where}.${key}`, seen);
      }
      for (const key of ["wrapped", "item", "key", "value"]) visit(part[key], where, seen);
      for (const key of ["options", "pipe"]) if (Array.isArray(part[key])) for (const item of part[key]) visit(item, where, seen);
    };
    let schemas = 0;
    for (const { file } of apiModules) {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        if (value && typeof value === "object" && (value as { kind?: unknown }).kind === "schema") {
          schemas++;
          visit(value, `${file}:${name}`, new WeakSet());
        }
      }
    }
    assert.ok(schemas > 30, `found only ${schemas} schemas`);
    assert.deepEqual(unsafe, []);
  });
});
