// Schemas built on their first parse (issue 35: the widget's first run, before any click, no
// longer builds them): built once, never before they are needed, parsing as the schema built
// at once would, and safe when that first parse happens on a page that polluted Object.prototype.
// This file runs in a process of its own: its first test is the first parse of the configuration.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as v from "valibot";
import { readdirSync, readFileSync } from "node:fs";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import { buildNow, builtOnUse, schemasOnUse } from "../../../src/schema/built-on-use.ts";
import { object } from "../../../src/schema/object-schemas.ts";

// The demo companies' bots as their files give them, read without parsing them (loading them
// through server/company-files.ts would parse them, and so build the schema, before the test).
const FIXTURES = new URL("../../../demo-site/fixtures/companies/", import.meta.url);
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".json"))
  .flatMap((name) => Object.values((JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as { bots: Record<string, unknown> }).bots));

test("the configuration schema's first build on a polluted page parses every fixture as a clean page does", () => {
  const proto = Object.prototype as Record<string, unknown>;
  proto.polluted = "yes";
  proto.tagLine = "from the page";
  let first;
  try {
    first = fixtures.map((raw) => parseCompanyConfig(JSON.parse(JSON.stringify(raw))));
  } finally {
    delete proto.polluted;
    delete proto.tagLine;
  }
  const clean = fixtures.map((raw) => parseCompanyConfig(raw));
  assert.ok(fixtures.length >= 3);
  for (const [i, result] of first.entries()) {
    assert.ok(result.ok, result.ok ? "" : result.reason);
    assert.deepEqual(result, clean[i]);
  }
});

test("a group is built on the first parse with any of its schemas, once, and never before", () => {
  let builds = 0;
  const on = schemasOnUse(() => {
    builds++;
    const Name = v.pipe(v.string(), v.trim(), v.minLength(1));
    return { Name, Person: object({ name: Name, age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }) };
  });
  const Person = on("Person");
  const Name = on("Name");
  assert.equal(builds, 0);
  assert.deepEqual(v.parse(Person, { name: " Ann ", age: 3 }), { name: "Ann", age: 3 });
  assert.equal(v.parse(Name, " Bo "), "Bo");
  assert.equal(v.safeParse(Person, { name: "", age: -1 }).success, false);
  assert.equal(builds, 1);
});

test("buildNow builds ahead of the first parse; a schema built on use parses as the same schema built at once", () => {
  let builds = 0;
  const make = () => v.pipe(v.array(v.pipe(v.number(), v.finite(), v.minValue(0))), v.maxLength(3));
  const later = builtOnUse(() => (builds++, make()));
  buildNow(later);
  assert.equal(builds, 1);
  const now = make();
  for (const input of [[], [1, 2.5], [-1], [1, 2, 3, 4], ["1"], null, [Infinity]]) {
    const a = v.safeParse(later, input);
    const b = v.safeParse(now, input);
    assert.equal(a.success, b.success, JSON.stringify(input));
    assert.deepEqual(a.success ? a.output : a.issues.map((issue) => [issue.message, v.getDotPath(issue)]), b.success ? b.output : b.issues.map((issue) => [issue.message, v.getDotPath(issue)]));
  }
  assert.equal(builds, 1);
});

test("the price blocks' schema, built on use, refuses what it refused and names the field", () => {
  const result = v.safeParse(PriceBlocksSchema, [{ id: "a" }]);
  assert.equal(result.success, false);
  assert.ok(result.issues.some((issue) => v.getDotPath(issue) === "0.programId"));
});
