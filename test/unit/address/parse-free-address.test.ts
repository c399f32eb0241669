import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { type FreeAddress, MAX_ADDRESS_LENGTH, parseFreeAddress } from "../../../src/address/parse-free-address.ts";

const examples: Array<[string, FreeAddress]> = [
  [
    "1600 Pennsylvania Avenue NW, Washington, DC 20500, USA",
    { street: "1600 Pennsylvania Avenue NW", city: "Washington", state: "DC", postalCode: "20500", country: "US" },
  ],
  [
    "350 5th Ave, New York, New York 10118, United States",
    { street: "350 5th Ave", city: "New York", state: "NY", postalCode: "10118", country: "US" },
  ],
  ["10 Downing Street, London SW1A 2AA, UK", { street: "10 Downing Street", city: "London", postalCode: "SW1A 2AA", country: "GB" }],
  ["221B Baker St, London NW1 6XE, United Kingdom", { street: "221B Baker St", city: "London", postalCode: "NW1 6XE", country: "GB" }],
  [
    "111 Wellington St, Ottawa, ON K1A 0A9, Canada",
    { street: "111 Wellington St", city: "Ottawa", state: "ON", postalCode: "K1A 0A9", country: "CA" },
  ],
  ["1 Main St, Toronto, Ontario M5V 3L9", { street: "1 Main St", city: "Toronto", state: "ON", postalCode: "M5V 3L9", country: "CA" }],
  ["123 Elm St, Springfield, IL 62704", { street: "123 Elm St", city: "Springfield", state: "IL", postalCode: "62704", country: "US" }],
  [
    "742 Evergreen Terrace, Springfield, Oregon 97403-1234",
    { street: "742 Evergreen Terrace", city: "Springfield", state: "OR", postalCode: "97403-1234", country: "US" },
  ],
  ["111 Wellington St, Ottawa, ON K1A0A9", { street: "111 Wellington St", city: "Ottawa", state: "ON", postalCode: "K1A 0A9", country: "CA" }],
  ["Austin, TX", { city: "Austin", state: "TX" }],
  ["1600 Pennsylvania Avenue NW", { street: "1600 Pennsylvania Avenue NW" }],
];

const more: Array<[string, string, FreeAddress]> = [
  ["a ZIP+4 without its hyphen", "1 A St, Reno, NV 895011234", { street: "1 A St", city: "Reno", state: "NV", postalCode: "89501-1234", country: "US" }],
  ["a ZIP+4 with spaces round the hyphen", "1 A St, Reno, NV 89501 - 1234", { street: "1 A St", city: "Reno", state: "NV", postalCode: "89501-1234", country: "US" }],
  ["city, state and ZIP with no commas", "Austin TX 78701", { city: "Austin", state: "TX", postalCode: "78701", country: "US" }],
  ["city and state with no comma", "Springfield IL", { city: "Springfield", state: "IL" }],
  ["a two-word state after the city", "Raleigh North Carolina", { city: "Raleigh", state: "NC" }],
  ["a bare ZIP", "90210", { postalCode: "90210", country: "US" }],
  ["a bare UK postcode without its space, lower-case", "sw1a2aa", { postalCode: "SW1A 2AA", country: "GB" }],
  ["a bare Canadian postal code, lower-case", "k1a 0a9", { postalCode: "K1A 0A9", country: "CA" }],
  ["a five-digit house number is not a ZIP", "12345 Main St, Austin, TX", { street: "12345 Main St", city: "Austin", state: "TX" }],
  ["a PO box number is not a ZIP", "PO Box 12345, Austin, TX", { street: "PO Box 12345", city: "Austin", state: "TX" }],
  ["a street with no number", "Baker Street", { street: "Baker Street" }],
  ["a city alone", "Ottawa", { city: "Ottawa" }],
  ["a country alone", "Canada", { country: "CA" }],
  ["a region and its country, as autocomplete writes a whole state", "Texas, USA", { state: "TX", country: "US" }],
  ["a province and its country", "Ontario, Canada", { state: "ON", country: "CA" }],
  ["a region name alone, which may be a city", "Washington", { city: "Washington" }],
  ["a flat before the street", "Flat 2, 221B Baker St, London NW1 6XE, England, UK", { street: "Flat 2, 221B Baker St", city: "London", postalCode: "NW1 6XE", country: "GB" }],
  ["a UK county-free town with A9 9AA", "1 High St, Manchester M1 1AE", { street: "1 High St", city: "Manchester", postalCode: "M1 1AE", country: "GB" }],
  ["Saint in a city and & in a province", "1 Water St, St. John's, Newfoundland & Labrador A1C 5M2", { street: "1 Water St", city: "St. John's", state: "NL", postalCode: "A1C 5M2", country: "CA" }],
  ["accented province", "1 Rue X, Montréal, Québec H2X 1Y4, Canada", { street: "1 Rue X", city: "Montréal", state: "QC", postalCode: "H2X 1Y4", country: "CA" }],
  ["territory", "1 Marine Dr, Hagåtña, Guam 96910", { street: "1 Marine Dr", city: "Hagåtña", state: "GU", postalCode: "96910", country: "US" }],
  ["armed forces code", "Unit 2050 Box 4190, APO, AP 96278", { street: "Unit 2050 Box 4190", city: "APO", state: "AP", postalCode: "96278", country: "US" }],
  ["an unknown state name in US order", "1 A St, Springfield, Freedonia 12345", { street: "1 A St", city: "Springfield", state: "Freedonia", postalCode: "12345", country: "US" }],
  ["a given country wins over the postcode's", "1 A St, Springfield, IL 62704, Canada", { street: "1 A St", city: "Springfield", state: "IL", postalCode: "62704", country: "CA" }],
  ["extra spaces, empty parts and newlines", "  123   Elm St ,, Springfield\n IL   62704 ,  ", { street: "123 Elm St", city: "Springfield", state: "IL", postalCode: "62704", country: "US" }],
  ["a lower-case state code", "123 Elm St, Springfield, il 62704", { street: "123 Elm St", city: "Springfield", state: "IL", postalCode: "62704", country: "US" }],
  ["nothing", "", {}],
  ["only separators", " , ;, \n", {}],
];

describe("parseFreeAddress", () => {
  for (const [input, expected] of examples) {
    test(`reads ${JSON.stringify(input)}`, () => {
      assert.deepEqual(parseFreeAddress(input), expected);
    });
  }
  for (const [name, input, expected] of more) {
    test(`reads ${name}`, () => {
      assert.deepEqual(parseFreeAddress(input), expected);
    });
  }

  const ukFormats: Array<[string, string, string]> = [
    ["A9 9AA", "m1 1ae", "M1 1AE"],
    ["A99 9AA", "B33 8TH", "B33 8TH"],
    ["AA9 9AA", "cr2 6xh", "CR2 6XH"],
    ["AA99 9AA", "DN55 1PT", "DN55 1PT"],
    ["A9A 9AA", "w1a 0ax", "W1A 0AX"],
    ["AA9A 9AA", "EC1A 1BB", "EC1A 1BB"],
    ["AA9A 9AA without the space", "ec1a1bb", "EC1A 1BB"],
    ["A9 9AA with two spaces", "M1  1AE", "M1 1AE"],
  ];
  for (const [format, postcode, normalised] of ukFormats) {
    test(`reads a UK postcode in the form ${format}`, () => {
      assert.deepEqual(parseFreeAddress(`1 High St, London ${postcode}, UK`), {
        street: "1 High St",
        city: "London",
        postalCode: normalised,
        country: "GB",
      });
    });
  }

  test(`reads only the first ${MAX_ADDRESS_LENGTH} characters`, () => {
    const padded = `1 Main St, ${"x".repeat(MAX_ADDRESS_LENGTH)}, Austin, TX 78701`;
    assert.equal(parseFreeAddress(padded).postalCode, undefined);
  });

  test("does not throw on input that is not a string", () => {
    assert.deepEqual(parseFreeAddress(undefined as unknown as string), {});
    assert.deepEqual(parseFreeAddress(42 as unknown as string), {});
  });
});

describe("parseFreeAddress properties", () => {
  const fragment = fc.oneof(
    fc.string(),
    fc.constantFrom(",", " ", "\n", "-", ".", "K1A", "0A9", "SW1A", "2AA", "12345", "-1234", "New York", "ON", "UK", "USA", "Canada"),
  );

  test("never throws on arbitrary text and returns only non-empty strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: "binary", maxLength: 400 }), fc.array(fragment).map((a) => a.join(""))), (text) => {
        const result = parseFreeAddress(text);
        for (const value of Object.values(result)) {
          assert.equal(typeof value, "string");
          assert.ok(value.length > 0 && value.length <= MAX_ADDRESS_LENGTH);
        }
      }),
      { numRuns: 500 },
    );
  });

  const digit = fc.constantFrom(..."0123456789");
  const letter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const join = (...cs: string[]): string => cs.join("");
  const randomCase = (s: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    fc.tuple(s, fc.boolean()).map(([v, lower]) => (lower ? v.toLowerCase() : v));

  const ukOutward = fc.oneof(
    fc.tuple(letter, digit).map(([a, b]) => join(a, b)),
    fc.tuple(letter, digit, digit).map(([a, b, c]) => join(a, b, c)),
    fc.tuple(letter, letter, digit).map(([a, b, c]) => join(a, b, c)),
    fc.tuple(letter, letter, digit, digit).map(([a, b, c, d]) => join(a, b, c, d)),
    fc.tuple(letter, digit, letter).map(([a, b, c]) => join(a, b, c)),
    fc.tuple(letter, letter, digit, letter).map(([a, b, c, d]) => join(a, b, c, d)),
  );
  const ukInward = fc.tuple(digit, letter, letter).map(([a, b, c]) => join(a, b, c));

  const caFirst = fc.constantFrom(..."ABCEGHJKLMNPRSTVXY");
  const caLetter = fc.constantFrom(..."ABCEGHJKLMNPRSTVWXYZ");
  const street = fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.constantFrom("Main St", "High Street", "Elm Avenue", "Queen St W")).map(([n, s]) => `${n} ${s}`);
  const city = fc.constantFrom("Springfield", "London", "Toronto", "St. Albans", "Bath");

  test("a generated UK postcode is extracted, upper-cased with one space, and marks the address GB", () => {
    fc.assert(
      fc.property(street, city, randomCase(ukOutward), fc.constantFrom("", " ", "  "), randomCase(ukInward), (s, c, out, gap, inw) => {
        const result = parseFreeAddress(`${s}, ${c} ${out}${gap}${inw}`);
        assert.equal(result.postalCode, `${out} ${inw}`.toUpperCase());
        assert.equal(result.country, "GB");
        assert.equal(result.city, c);
        assert.equal(result.street, s);
      }),
    );
  });

  test("a generated Canadian postal code is extracted, upper-cased with one space, and marks the address CA", () => {
    const postal = fc.tuple(caFirst, digit, caLetter, digit, caLetter, digit);
    fc.assert(
      fc.property(street, city, fc.constantFrom("ON", "Quebec", "British Columbia", "nl"), postal, fc.boolean(), fc.boolean(), (s, c, province, p, spaced, lower) => {
        const raw = join(...p.slice(0, 3)) + (spaced ? " " : "") + join(...p.slice(3));
        const result = parseFreeAddress(`${s}, ${c}, ${province} ${lower ? raw.toLowerCase() : raw}`);
        assert.equal(result.postalCode, `${join(...p.slice(0, 3))} ${join(...p.slice(3))}`);
        assert.equal(result.country, "CA");
        assert.match(result.state ?? "", /^(ON|QC|BC|NL)$/);
        assert.equal(result.city, c);
      }),
    );
  });

  test("a generated US ZIP or ZIP+4 is extracted and marks the address US", () => {
    const zip5 = fc.array(digit, { minLength: 5, maxLength: 5 }).map((d) => d.join(""));
    const plus4 = fc.option(fc.array(digit, { minLength: 4, maxLength: 4 }).map((d) => d.join("")));
    fc.assert(
      fc.property(street, city, fc.constantFrom("IL", "Oregon", "New York", "DC"), zip5, plus4, (s, c, state, zip, ext) => {
        const result = parseFreeAddress(`${s}, ${c}, ${state} ${zip}${ext ? `-${ext}` : ""}`);
        assert.equal(result.postalCode, ext ? `${zip}-${ext}` : zip);
        assert.equal(result.country, "US");
        assert.match(result.state ?? "", /^(IL|OR|NY|DC)$/);
        assert.equal(result.street, s);
      }),
    );
  });
});
