// The console's words (issue 36) are trees of each language, beside the widget's: every
// language of the list (src/i18n/languages.mjs) has the console's, the builder's and the Bot
// page's files with every English key and no other, at every depth (a field's label and help,
// a list's words, the follow-ups' units), each text written, and a word that takes arguments
// takes as many; the console's e-mails' words (src/i18n/<lang>/console-mail.ts) the same. A
// language without its console files fails here.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAIL_WORDS } from "../../../src/i18n/console-mail-words.ts";
import { FOLLOW_UP_WORDS } from "../../../src/i18n/follow-up-words.ts";
import { CONSOLE_WORDS } from "../../../src/i18n/console-words.ts";
import { LANGUAGES } from "../../../src/i18n/language-tags.ts";

/** "path: problem" for each way `other` differs in shape from `english`. */
function shapeProblems(english: unknown, other: unknown, path: string): string[] {
  if (typeof english === "function") {
    if (typeof other !== "function") return [`${path}: a function in English, a ${typeof other} here`];
    return other.length === english.length ? [] : [`${path}: takes ${english.length} arguments in English, ${other.length} here`];
  }
  if (typeof english === "string") return typeof other === "string" && other.trim() !== "" && other !== "undefined" ? [] : [`${path}: not written`];
  if (Array.isArray(english)) {
    if (!Array.isArray(other) || other.length !== english.length) return [`${path}: ${english.length} entries in English`];
    return english.flatMap((entry, i) => shapeProblems(entry, other[i], `${path}[${i}]`));
  }
  if (typeof english === "object" && english !== null) {
    if (typeof other !== "object" || other === null) return [`${path}: missing`];
    const keys = new Set([...Object.keys(english), ...Object.keys(other)]);
    return [...keys].flatMap((key) =>
      !Object.hasOwn(english, key) ? [`${path}.${key}: not in English`] : shapeProblems((english as Record<string, unknown>)[key], (other as Record<string, unknown>)[key], `${path}.${key}`),
    );
  }
  return [];
}

describe("the console's words, one tree per language", () => {
  test("every language of the list has them", () => {
    assert.deepEqual(Object.keys(CONSOLE_WORDS).sort(), [...LANGUAGES].sort());
  });

  for (const lang of LANGUAGES) {
    test(`"${lang}": every English key, no other, each written`, () => {
      assert.deepEqual(shapeProblems(CONSOLE_WORDS.en, CONSOLE_WORDS[lang], lang), []);
    });
  }

  test("Spanish is Spanish: its words are not the English ones", () => {
    const { en, es } = CONSOLE_WORDS;
    assert.equal(es.console.signOut, "Salir");
    assert.equal(es.builder.navPrices, "Precios");
    assert.equal(es.bot.fields.companyName.label, "Nombre de la empresa");
    const same = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).filter((key) => typeof a[key] === "string" && a[key] === b[key]);
    // Said the same in both on purpose: proper names and loan words.
    assert.ok(same(en.console, es.console).length <= 3, same(en.console, es.console).join(", "));
  });

  test("the check fails on a missing key, an extra key, an empty text and a word with fewer arguments", () => {
    const { en } = CONSOLE_WORDS;
    const { signOut: _dropped, ...withoutSignOut } = en.console;
    assert.deepEqual(shapeProblems(en.console, withoutSignOut, "x"), ["x.signOut: not written"]);
    assert.deepEqual(shapeProblems(en.console, { ...en.console, typo: "" }, "x"), ["x.typo: not in English"]);
    assert.deepEqual(shapeProblems(en.bot, { ...en.bot, fields: { ...en.bot.fields, companyName: { label: "", help: "h" } } }, "x"), ["x.fields.companyName.label: not written"]);
    assert.deepEqual(shapeProblems(en.console, { ...en.console, leadsShown: () => "" }, "x"), ["x.leadsShown: takes 1 arguments in English, 0 here"]);
  });
});

describe("the console's e-mails' words, one file per language", () => {
  test("every language of the list has them, with every English key, each written", () => {
    assert.deepEqual(Object.keys(MAIL_WORDS).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) assert.deepEqual(shapeProblems(MAIL_WORDS.en, MAIL_WORDS[lang], lang), []);
  });

  test("so has every language the follow-ups to homeowners (src/i18n/<lang>/follow-ups.ts)", () => {
    assert.deepEqual(Object.keys(FOLLOW_UP_WORDS).sort(), [...LANGUAGES].sort());
    for (const lang of LANGUAGES) assert.deepEqual(shapeProblems(FOLLOW_UP_WORDS.en, FOLLOW_UP_WORDS[lang], lang), []);
  });
});
