// The company's program settings (SPEC §3): availableServiceTypes chooses what the picker
// offers, programDetails turns a program's probing questions off; and the salutation greets.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { programsOffered } from "../../../src/flow/programs.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { walk } from "./walk.ts";

const names = (list: { name: string }[]) => list.map((p) => p.name);

describe("availableServiceTypes: what the picker offers", () => {
  const cases: Array<[string, string[], string[]]> = [
    ["none given: every program", [], names(SAMPLE_PROGRAMS)],
    ["two named: those two, in the company's order", ["Mowing", "Fertilizer & Weed Control"], ["Fertilizer & Weed Control", "Mowing"]],
    ["names match regardless of case and spaces", [" mowing ", "GRUB CONTROL"], ["Mowing", "Grub Control"]],
    ["a name the company has no program for is ignored", ["Mowing", "Snow Removal"], ["Mowing"]],
    ["blank entries are no filter", ["", "  "], names(SAMPLE_PROGRAMS)],
  ];
  for (const [what, available, expected] of cases) {
    test(what, () => {
      const warnings: string[] = [];
      const offered = programsOffered(SAMPLE_PROGRAMS, makeConfig({ availableServiceTypes: available }), (m) => warnings.push(m));
      assert.deepEqual(names(offered), expected);
      assert.deepEqual(warnings, []);
    });
  }

  test("a list that names none of the programs offers them all and says so", () => {
    const warnings: string[] = [];
    const offered = programsOffered(SAMPLE_PROGRAMS, makeConfig({ availableServiceTypes: ["Snow Removal"] }), (m) => warnings.push(m));
    assert.deepEqual(names(offered), names(SAMPLE_PROGRAMS));
    assert.match(warnings[0] ?? "", /availableServiceTypes \(Snow Removal\) names none/);
  });
});

describe("programDetails: a program's probing questions", () => {
  const mowing = (details: { programName: string; useProbingQuestions?: boolean } | undefined) =>
    programsOffered(SAMPLE_PROGRAMS, makeConfig(details ? { programDetails: details } : {})).find((p) => p.name === "Mowing")!;

  test("off for the named program: no entry step, nothing mandatory", () => {
    assert.deepEqual([mowing({ programName: "Mowing" }).entryPoint, mowing({ programName: "mowing" }).hasMandatoryQuestions], [null, false]);
  });
  test("useProbingQuestions keeps them", () => {
    const kept = mowing({ programName: "Mowing", useProbingQuestions: true });
    assert.deepEqual([kept.entryPoint, kept.hasMandatoryQuestions], ["mowing", true]);
  });
  test("other programs and companies without it keep theirs", () => {
    assert.equal(mowing({ programName: "Lawn Seeding" }).entryPoint, "mowing");
    assert.equal(mowing(undefined).entryPoint, "mowing");
  });
});

describe("salutation", () => {
  const firstWords = (salutation: string | undefined) =>
    walk({ config: makeConfig(salutation === undefined ? {} : { salutation }), customer: {}, programs: [] }, { inputs: {} }).said.slice(0, 2);

  test("the company's salutation comes first, then its greeting", () => {
    const said = firstWords("Good day to you!");
    assert.equal(said[0], "Good day to you!");
    assert.match(said[1] ?? "", /quote assistant/);
  });
  test("without one, the greeting is the first message", () => {
    assert.match(firstWords(undefined)[0] ?? "", /^Hi! I'm /);
    assert.match(firstWords("  ")[0] ?? "", /^Hi! I'm /);
  });
});
