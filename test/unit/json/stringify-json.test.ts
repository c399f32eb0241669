import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { stringifyJson } from "../../../src/json/stringify-json.ts";

const nativeStringify = JSON.stringify.bind(JSON);

/** Runs `body` with a property defined on a built-in prototype the way old libraries do it. */
function withPrototypeProperty(proto: object, name: string, value: unknown, body: () => void, enumerable = true): void {
  const before = Object.getOwnPropertyDescriptor(proto, name);
  Object.defineProperty(proto, name, { value, enumerable, writable: true, configurable: true });
  try {
    body();
  } finally {
    if (before) Object.defineProperty(proto, name, before);
    else delete (proto as Record<string, unknown>)[name];
  }
}

describe("stringifyJson writes what JSON.stringify writes", () => {
  const table: Array<[string, unknown, string | undefined]> = [
    ["null", null, "null"],
    ["true", true, "true"],
    ["a whole number", 42, "42"],
    ["a fraction", -0.125, "-0.125"],
    ["minus zero", -0, "0"],
    ["a big number", 1e21, "1e+21"],
    ["NaN", Number.NaN, "null"],
    ["Infinity", Number.POSITIVE_INFINITY, "null"],
    ["undefined at the top", undefined, undefined],
    ["a function at the top", () => 1, undefined],
    ["quotes and backslashes", 'say "hi" \\ bye', '"say \\"hi\\" \\\\ bye"'],
    ["control characters", "a\nb\tc\u0001\u001f\b\f\r", '"a\\nb\\tc\\u0001\\u001f\\b\\f\\r"'],
    ["a paired surrogate", "🌱", '"🌱"'],
    ["lone surrogates", "\ud800x\udc00", '"\\ud800x\\udc00"'],
    ["undefined and functions in an object are left out", { a: undefined, b: () => 1, c: 1 }, '{"c":1}'],
    ["undefined and functions in an array become null", [undefined, () => 1, Symbol("s")], "[null,null,null]"],
    ["holes in an array become null", [1, , 3], "[1,null,3]"], // eslint-disable-line no-sparse-arrays
    ["nested data keeps key order", { z: [1, { y: "x" }], a: { b: null } }, '{"z":[1,{"y":"x"}],"a":{"b":null}}'],
    ["a date through its toJSON", new Date(Date.UTC(2026, 0, 2)), '"2026-01-02T00:00:00.000Z"'],
    ["an own toJSON on a plain object", { toJSON: () => ({ replaced: true }) }, '{"replaced":true}'],
    ["boxed values unwrap", [Object(1), Object("s"), Object(false)], '[1,"s",false]'],
    ["a null-prototype object", Object.assign(Object.create(null), { a: 1 }), '{"a":1}'],
    ["an own __proto__ key from JSON.parse", JSON.parse('{"__proto__":{"x":1}}'), '{"__proto__":{"x":1}}'],
  ];
  for (const [name, value, expected] of table) {
    test(name, () => {
      assert.equal(stringifyJson(value), expected);
      assert.equal(stringifyJson(value), nativeStringify(value));
    });
  }

  test("cycles and BigInts throw a TypeError, as JSON.stringify does", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    assert.throws(() => stringifyJson(cyclic), TypeError);
    assert.throws(() => stringifyJson({ n: 1n }), TypeError);
  });

  test("the same object twice (not a cycle) is written twice", () => {
    const shared = { a: 1 };
    assert.equal(stringifyJson([shared, shared]), '[{"a":1},{"a":1}]');
  });

  test("property: any JSON value comes out as JSON.stringify writes it", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => stringifyJson(value) === nativeStringify(value)), { numRuns: 500 });
  });

  test("property: any value of plain data (with undefined, NaN, -0, dates, boxed values, sparse arrays) too", () => {
    const anything = fc.anything({
      withBoxedValues: true,
      withDate: true,
      withNullPrototype: true,
      withSparseArray: true,
      withObjectString: true,
    });
    fc.assert(fc.property(anything, (value) => stringifyJson(value) === nativeStringify(value)), { numRuns: 500 });
  });

  test("property: any string is quoted as JSON.stringify quotes it (full Unicode, lone surrogates)", () => {
    const unit = fc.oneof(
      fc.constantFrom("\ud800", "\udfff", '"', "\\", "🌱"),
      fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
    );
    const text = fc.string({ unit });
    fc.assert(fc.property(text, (s) => stringifyJson(s) === nativeStringify(s)), { numRuns: 500 });
  });
});

describe("stringifyJson on a page that changed the prototypes", () => {
  test("Array.prototype.toJSON (Prototype.js) does not turn lists into strings", () => {
    const programs = ["Mowing", "Fertilizer & Weed Control"];
    const expected = nativeStringify({ programs });
    withPrototypeProperty(Array.prototype, "toJSON", function (this: unknown[]) {
      return "[" + this.join(", ") + "]";
    }, () => {
      assert.notEqual(nativeStringify({ programs }), expected, "the page's toJSON does change JSON.stringify");
      assert.equal(stringifyJson({ programs }), expected);
    }, false);
  });

  test("property: with Array.prototype.toJSON present, any JSON value is still written as plain JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected = nativeStringify(value);
        let actual: string | undefined;
        withPrototypeProperty(Array.prototype, "toJSON", function (this: unknown[]) {
          return `#<Array:${this.length}>`;
        }, () => {
          actual = stringifyJson(value);
        });
        return actual === expected;
      }),
      { numRuns: 200 },
    );
  });

  test("an inherited toJSON on Object.prototype and enumerable page methods are ignored", () => {
    const body = { quoteId: "q1", answers: { a: "1" }, list: [1, "2"] };
    const expected = nativeStringify(body);
    withPrototypeProperty(Object.prototype, "toJSON", () => "hijacked", () => {
      withPrototypeProperty(Object.prototype, "foo", function foo() {}, () => {
        withPrototypeProperty(Array.prototype, "each", function each() {}, () => {
          withPrototypeProperty(String.prototype, "toJSON", () => "s", () => {
            assert.equal(stringifyJson(body), expected);
          });
        });
      });
    });
  });

  test("a replaced JSON.stringify is not used", () => {
    const original = JSON.stringify;
    JSON.stringify = (() => "wrapped") as typeof JSON.stringify;
    try {
      assert.equal(stringifyJson({ a: [1] }), '{"a":[1]}');
    } finally {
      JSON.stringify = original;
    }
  });
});
