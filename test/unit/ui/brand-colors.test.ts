// A company's colour and what the widget derives from it: text on the brand always reaches
// WCAG AA (4.5:1), the brand as text on white too, focus rings 3:1; colours the widget cannot
// read are refused (configuration) or ignored (snippet), never pasted into CSS.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import {
  BLACK,
  DEFAULT_BRAND,
  WHITE,
  brandPalette,
  bubbleBrandCss,
  contrast,
  parseColor,
  textOn,
  type Rgb,
} from "../../../src/config/brand-colors.ts";
import { BRAND, BRAND_INK, FOCUS_COLOR, paletteCss } from "../../../src/ui/shared/theme.ts";

const rgb = (text: string): Rgb => {
  const parsed = parseColor(text);
  assert.ok(parsed, `${text} parses`);
  return parsed;
};

const demoBrands = (): [string, string][] =>
  ["demo-company", "greenway-lawn", "thames-lawns", "bugbusters-pest", "alpen-rasen"].map((name) => {
    const file = JSON.parse(readFileSync(new URL(`../../../demo-site/fixtures/companies/${name}.json`, import.meta.url), "utf8"));
    const bot = Object.values(file.bots as Record<string, { brandColor?: string }>)[0]!;
    assert.ok(bot.brandColor, `${name} has a brand colour`);
    return [name, bot.brandColor];
  });

describe("brand colours", () => {
  // [colour, the text colour on it]: worked from the WCAG luminance formula.
  const TABLE: [string, string][] = [
    ["#ffffff", "#000"],
    ["#ffeb3b", "#000"], // yellow
    ["#000080", "#fff"], // navy
    ["#ff0000", "#000"], // pure red: black 5.25:1, white 4.00:1
    ["#c62828", "#fff"], // BugBusters red: white 5.62:1
    ["#d52b1e", "#fff"], // Alpen red: white 5.01:1
    ["#0b2a5b", "#fff"], // Thames navy
    ["#8bc34a", "#000"], // Greenway light green
    ["#0f766e", "#fff"], // demo-company teal
    ["#777777", "#000"], // mid grey: white 4.48:1 (fails), black 4.69:1
    ["#17663f", "#fff"], // the default green
  ];
  for (const [color, expected] of TABLE) {
    test(`text on ${color} is ${expected}, at least 4.5:1`, () => {
      const palette = brandPalette(rgb(color));
      assert.equal(palette.onBrand, expected);
      assert.ok(contrast(rgb(palette.onBrand), rgb(color)) >= 4.5);
      assert.ok(contrast(rgb(palette.brandInk), WHITE) >= 4.5, `${palette.brandInk} as text on white`);
    });
  }

  test("the five demo companies have five different brands, each readable", () => {
    const brands = demoBrands();
    assert.equal(new Set(brands.map(([, color]) => color.toLowerCase())).size, 5);
    for (const [name, color] of brands) {
      const palette = brandPalette(rgb(color));
      assert.ok(contrast(rgb(palette.onBrand), rgb(color)) >= 4.5, name);
    }
  });

  test("for any colour: text on it >= 4.5:1, the brand as text on white >= 4.5:1, focus rings >= 3:1", () => {
    const channel = fc.integer({ min: 0, max: 255 });
    const color = fc.record({ r: channel, g: channel, b: channel });
    fc.assert(
      fc.property(color, fc.option(color, { nil: undefined }), (brand, accent) => {
        const palette = brandPalette(brand, accent);
        assert.ok(contrast(rgb(palette.onBrand), brand) >= 4.5);
        assert.ok(contrast(rgb(palette.brandInk), WHITE) >= 4.5);
        assert.ok(contrast(rgb(palette.focus), WHITE) >= 3);
        assert.equal(palette.brand, palette.brand.toLowerCase());
        assert.match(palette.brandSoft, /^#[0-9a-f]{6}$/);
      }),
      { numRuns: 2000 },
    );
  });

  test("white or black text picks the better of the two (the luminance shortcut equals the ratios)", () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.record({ r: channel, g: channel, b: channel }), (color) => {
        const better = contrast(WHITE, color) >= contrast(BLACK, color) ? "#fff" : "#000";
        assert.equal(textOn(color), better);
      }),
      { numRuns: 2000 },
    );
  });

  test("an accent is the focus ring only when it reads on white", () => {
    assert.equal(brandPalette(rgb("#0b2a5b"), rgb("#b45309")).focus, "#b45309");
    // A pale gold (1.76:1 on white) would be a focus ring no one sees: the brand's ink instead.
    const pale = brandPalette(rgb("#0b2a5b"), rgb("#e0c068"));
    assert.equal(pale.focus, pale.brandInk);
  });

  // [text, channels or undefined]
  const PARSE: [string, Rgb | undefined][] = [
    ["#0b2a5b", { r: 11, g: 42, b: 91 }],
    ["#FFF", { r: 255, g: 255, b: 255 }],
    [" #abc ", { r: 170, g: 187, b: 204 }],
    ["rgb(198, 40, 40)", { r: 198, g: 40, b: 40 }],
    ["rgb(198 40 40)", { r: 198, g: 40, b: 40 }],
    ["rgb(256, 0, 0)", undefined],
    ["#12345", undefined],
    ["#1234567", undefined],
    ["navy", undefined],
    ["red;}:host{display:none", undefined],
    ["#fff;background:url(https://evil.example)", undefined],
    ["", undefined],
  ];
  for (const [text, expected] of PARSE) {
    test(`parses ${JSON.stringify(text)}`, () => assert.deepEqual(parseColor(text), expected));
  }

  test("the snippet's colour reaches the loader's CSS only as a hex colour", () => {
    assert.equal(bubbleBrandCss("#C62828"), ":host{--qa-p-brand:#c62828;--qa-p-on-brand:#fff}");
    assert.equal(bubbleBrandCss("#8bc34a"), ":host{--qa-p-brand:#8bc34a;--qa-p-on-brand:#000}");
    for (const bad of ["red", "rgb(1,2,3)", "#fff}body{display:none", "", "#ggg"]) assert.equal(bubbleBrandCss(bad), "");
  });

  test("a yellow brand: black text on it, and its ink darkened to the first 5 % step that reads on white", () => {
    // 45 % black: #8c8120, 3.98:1 on white; 50 % black: (127.5, 117.5, 29.5) = #80761e, 4.64:1.
    // The tint: 88 % white, (255, 253.3, 231.4) = #fffde7.
    assert.equal(
      paletteCss(brandPalette(rgb("#ffeb3b"))),
      ":host{--qa-p-brand:#ffeb3b;--qa-p-on-brand:#000;--qa-p-ink:#80761e;--qa-p-soft:#fffde7;--qa-p-focus:#80761e}",
    );
  });

  test("the stylesheets' fallback is the default brand", () => {
    for (const reference of [BRAND, BRAND_INK, FOCUS_COLOR]) assert.ok(reference.includes(DEFAULT_BRAND), reference);
  });
});

describe("brand colours in the company configuration", () => {
  const base = { id: "acme", companyName: "Acme Lawns" };

  test("a readable colour is kept", () => {
    const result = parseCompanyConfig({ ...base, brandColor: "#0B2A5B", accentColor: "rgb(180, 83, 9)" });
    assert.ok(result.ok);
    assert.equal(result.config.brandColor, "#0B2A5B");
    assert.equal(result.config.accentColor, "rgb(180, 83, 9)");
    assert.deepEqual(result.urlProblems, []);
  });

  test("a colour the widget cannot read is dropped and named, the rest of the configuration works", () => {
    const result = parseCompanyConfig({ ...base, brandColor: "blue-ish", accentColor: "#12" });
    assert.ok(result.ok);
    assert.equal(result.config.brandColor, undefined);
    assert.equal(result.config.accentColor, undefined);
    assert.deepEqual(
      result.urlProblems.map((problem) => problem.field),
      ["brandColor", "accentColor"],
    );
    assert.match(result.urlProblems[0]!.reason, /"blue-ish".*#rrggbb/);
  });
});
