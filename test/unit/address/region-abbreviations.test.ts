import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { REGIONS, abbreviateRegion, normalizeCountry } from "../../../src/address/region-abbreviations.ts";

const STATES: Array<[string, string]> = [
  ["Alabama", "AL"], ["Alaska", "AK"], ["Arizona", "AZ"], ["Arkansas", "AR"], ["California", "CA"],
  ["Colorado", "CO"], ["Connecticut", "CT"], ["Delaware", "DE"], ["Florida", "FL"], ["Georgia", "GA"],
  ["Hawaii", "HI"], ["Idaho", "ID"], ["Illinois", "IL"], ["Indiana", "IN"], ["Iowa", "IA"],
  ["Kansas", "KS"], ["Kentucky", "KY"], ["Louisiana", "LA"], ["Maine", "ME"], ["Maryland", "MD"],
  ["Massachusetts", "MA"], ["Michigan", "MI"], ["Minnesota", "MN"], ["Mississippi", "MS"], ["Missouri", "MO"],
  ["Montana", "MT"], ["Nebraska", "NE"], ["Nevada", "NV"], ["New Hampshire", "NH"], ["New Jersey", "NJ"],
  ["New Mexico", "NM"], ["New York", "NY"], ["North Carolina", "NC"], ["North Dakota", "ND"], ["Ohio", "OH"],
  ["Oklahoma", "OK"], ["Oregon", "OR"], ["Pennsylvania", "PA"], ["Rhode Island", "RI"], ["South Carolina", "SC"],
  ["South Dakota", "SD"], ["Tennessee", "TN"], ["Texas", "TX"], ["Utah", "UT"], ["Vermont", "VT"],
  ["Virginia", "VA"], ["Washington", "WA"], ["West Virginia", "WV"], ["Wisconsin", "WI"], ["Wyoming", "WY"],
  ["District of Columbia", "DC"],
];

const PROVINCES: Array<[string, string]> = [
  ["Alberta", "AB"], ["British Columbia", "BC"], ["Manitoba", "MB"], ["New Brunswick", "NB"],
  ["Newfoundland and Labrador", "NL"], ["Nova Scotia", "NS"], ["Ontario", "ON"], ["Prince Edward Island", "PE"],
  ["Quebec", "QC"], ["Saskatchewan", "SK"], ["Northwest Territories", "NT"], ["Nunavut", "NU"], ["Yukon", "YT"],
];

const OUTLYING: Array<[string, string]> = [
  ["Puerto Rico", "PR"], ["Guam", "GU"], ["U.S. Virgin Islands", "VI"], ["US Virgin Islands", "VI"],
  ["United States Virgin Islands", "VI"], ["American Samoa", "AS"], ["Northern Mariana Islands", "MP"],
  ["United States Minor Outlying Islands", "UM"], ["U.S. Minor Outlying Islands", "UM"],
  ["Federated States of Micronesia", "FM"], ["Micronesia", "FM"], ["Marshall Islands", "MH"], ["Palau", "PW"],
];

describe("the region table", () => {
  test("holds 50 states and DC, 13 provinces and territories, and the armed-forces codes without names", () => {
    assert.equal(REGIONS.filter((r) => r.kind === "state").length, 50);
    assert.equal(REGIONS.filter((r) => r.country === "CA").length, 13);
    const armed = REGIONS.filter((r) => r.kind === "armed-forces");
    assert.deepEqual(armed.map((r) => r.code), ["AA", "AE", "AP"]);
    assert.ok(armed.every((r) => r.name === undefined));
  });

  test("every code appears once", () => {
    const codes = REGIONS.map((r) => r.code);
    assert.equal(new Set(codes).size, codes.length);
  });

  test("the test tables cover every named US state and Canadian region in the table", () => {
    const named = new Set([...STATES, ...PROVINCES].map(([, code]) => code));
    for (const r of REGIONS.filter((r) => r.kind === "state" || r.kind === "district" || r.country === "CA")) {
      assert.ok(named.has(r.code), r.code);
    }
  });
});

describe("abbreviateRegion translates full names", () => {
  for (const [name, code] of [...STATES, ...PROVINCES, ...OUTLYING]) {
    test(`${name} is ${code}`, () => {
      assert.equal(abbreviateRegion(name), code);
    });
  }
});

describe("abbreviateRegion tolerates how people type names", () => {
  const variants: Array<[string, string]> = [
    ["new york", "NY"],
    ["NEW YORK", "NY"],
    ["  New   York  ", "NY"],
    ["\tNorth\nCarolina ", "NC"],
    ["Québec", "QC"],
    ["QUÉBEC", "QC"],
    ["quebec", "QC"],
    ["Newfoundland & Labrador", "NL"],
    ["Newfoundland", "NL"],
    ["Prince Edward Island", "PE"],
    ["P.E.I.", "PE"],
    ["Yukon Territory", "YT"],
    ["Hawai'i", "HI"],
    ["Washington D.C.", "DC"],
    ["Washington DC", "DC"],
    ["D.C.", "DC"],
    ["N.Y.", "NY"],
    ["U. S. Virgin Islands", "VI"],
    ["Virgin Islands", "VI"],
    ["Commonwealth of the Northern Mariana Islands", "MP"],
    ["Nouvelle-Écosse", "NS"],
    ["Colombie-Britannique", "BC"],
    ["Île-du-Prince-Édouard", "PE"],
    ["British-Columbia", "BC"],
  ];
  for (const [input, code] of variants) {
    test(`${JSON.stringify(input)} is ${code}`, () => {
      assert.equal(abbreviateRegion(input), code);
    });
  }
});

describe("abbreviateRegion leaves short and unknown input alone", () => {
  const cases: Array<[string, string]> = [
    ["ny", "NY"],
    [" on ", "ON"],
    ["Tx", "TX"],
    ["aa", "AA"],
    ["zz", "ZZ"],
    ["abc", "ABC"],
    ["Bavaria", "Bavaria"],
    ["  Greater London  ", "Greater London"],
    ["x", "x"],
    ["", ""],
    ["   ", ""],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} gives ${JSON.stringify(expected)}`, () => {
      assert.equal(abbreviateRegion(input), expected);
    });
  }

  test("any table abbreviation, in any case and padding, is itself", () => {
    const codes = REGIONS.map((r) => r.code);
    fc.assert(
      fc.property(fc.constantFrom(...codes), fc.boolean(), fc.string({ unit: fc.constantFrom(" ", "\t") }), (code, lower, pad) => {
        const input = pad + (lower ? code.toLowerCase() : code) + pad;
        assert.equal(abbreviateRegion(input), code);
      }),
    );
  });

  test("every translated name comes back as a code in the table", () => {
    const codes = new Set(REGIONS.map((r) => r.code));
    const names = REGIONS.flatMap((r) => [r.name, ...(r.aliases ?? [])]).filter((n): n is string => !!n && n.length > 3);
    for (const name of names) assert.ok(codes.has(abbreviateRegion(name)), name);
  });
});

describe("normalizeCountry", () => {
  const cases: Array<[string, string]> = [
    ["United States", "US"],
    ["united states of america", "US"],
    ["USA", "US"],
    ["U.S.A.", "US"],
    ["US", "US"],
    ["us", "US"],
    [" United   States ", "US"],
    ["Canada", "CA"],
    ["CANADA", "CA"],
    ["United Kingdom", "GB"],
    ["UK", "GB"],
    ["U.K.", "GB"],
    ["Great Britain", "GB"],
    ["England", "GB"],
    ["Scotland", "GB"],
    ["Wales", "GB"],
    ["de", "DE"],
    ["Germany", "Germany"],
    ["  France ", "France"],
    ["", ""],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} is ${JSON.stringify(expected)}`, () => {
      assert.equal(normalizeCountry(input), expected);
    });
  }
});
