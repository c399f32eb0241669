// Which language a visitor reads (the element's lang, the company's default, the page's, then
// English), the company's own texts per language, and dates, numbers and money written with
// Intl for the language and the company's currency (SPEC §9's digits and rounding unchanged).
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatSize } from "../../../src/config/measurement.ts";
import { formatLongDate, formatMonth, weekdayNames } from "../../../src/flow/scheduling.ts";
import { chooseLanguage, languageOf, localeFor, localizeConfig } from "../../../src/i18n/language.ts";
import { firstWords } from "../../../src/i18n/first-words.ts";
import { pageLanguage } from "../../../src/i18n/page-language.ts";
import { formatMoney, toMinorUnits } from "../../../src/pricing/currency.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { makeConfig } from "../fixtures.ts";

describe("the visitor's language", () => {
  // [element lang / data-lang, company default, <html lang>, chosen]
  const table: Array<[string | null, string | undefined, string | null, "en" | "es"]> = [
    [null, undefined, null, "en"],
    [null, undefined, "", "en"],
    ["es", undefined, null, "es"],
    ["es", "en", "en", "es"],
    ["ES-mx", undefined, null, "es"],
    ["en", "es", "es", "en"],
    [null, "es", "en", "es"],
    [null, "en", "es", "en"],
    [null, undefined, "es-419", "es"],
    [null, undefined, "es_ES", "es"],
    [null, undefined, "en-GB", "en"],
    // A language we do not have is passed over, not guessed.
    ["fr", undefined, "es", "es"],
    ["fr", "es", null, "es"],
    [null, undefined, "de-CH", "en"],
    [" ", undefined, "pt-BR", "en"],
    ["español", undefined, null, "en"],
  ];
  for (const [attribute, company, page, expected] of table) {
    test(`lang=${JSON.stringify(attribute)}, company ${JSON.stringify(company)}, page ${JSON.stringify(page)} → ${expected}`, () => {
      assert.equal(chooseLanguage(attribute, company, page), expected);
    });
  }

  // Before the configuration (the loader's bubble, the loading window): [lang / data-lang, <html lang>, chosen]
  const beforeConfiguration: Array<[string | undefined, string, "en" | "es"]> = [
    [undefined, "", "en"],
    ["es", "", "es"],
    [undefined, "es-MX", "es"],
    ["en", "es", "en"],
    ["fr", "es", "es"],
    ["fr", "de", "en"],
  ];
  for (const [attribute, page, expected] of beforeConfiguration) {
    test(`before the configuration: lang=${JSON.stringify(attribute)}, page ${JSON.stringify(page)} → ${expected}, the bubble "${firstWords(expected).bubbleOpen}"`, () => {
      const before = document.documentElement.lang;
      document.documentElement.lang = page;
      try {
        assert.equal(pageLanguage(attribute), expected);
      } finally {
        document.documentElement.lang = before;
      }
    });
  }

  test("a primary subtag is read in any case, with - or _", () => {
    assert.deepEqual(["es", "ES", "es-US", "es_MX", "en-us", "e", "", undefined].map(languageOf), ["es", "es", "es", "es", "en", undefined, undefined, undefined]);
  });

  test("the configuration's language is validated: en, es or nothing", () => {
    assert.equal(parseCompanyConfig({ ...minimal, language: "es" }).ok, true);
    assert.equal(parseCompanyConfig(minimal).ok, true);
    const wrong = parseCompanyConfig({ ...minimal, language: "fr" });
    assert.equal(wrong.ok, false);
    assert.match(wrong.ok ? "" : wrong.reason, /^language: /);
    const badTranslation = parseCompanyConfig({ ...minimal, translations: { es: { greeting: 5 } } });
    assert.match(badTranslation.ok ? "" : badTranslation.reason, /^translations\.es\.greeting: /);
  });
});
const minimal = { id: "bot", companyName: "Césped Co", currency: "USD" };

describe("a company's own texts per language", () => {
  const config = makeConfig({
    greeting: "Welcome to Lawn Co!",
    valueAddDescription: "Free service calls.",
    salutation: "Hello!",
    translations: { es: { greeting: "¡Bienvenido a Lawn Co!", salutation: "" } },
  });

  test("Spanish: its Spanish texts over the English ones; a text not translated (or left empty) stays English", () => {
    const spanish = localizeConfig(config, "es");
    assert.equal(spanish.greeting, "¡Bienvenido a Lawn Co!");
    assert.equal(spanish.valueAddDescription, "Free service calls.");
    assert.equal(spanish.salutation, "Hello!");
  });

  test("English: the English texts, whatever translations exist", () => {
    assert.equal(localizeConfig(config, "en"), config);
  });

  test("the company's own probing questions may be given in Spanish", () => {
    const question = { id: "dog", question: "Do you have a dog?", options: ["Yes", "No"] };
    const parsed = parseCompanyConfig({ ...minimal, probingQuestions: [question], translations: { es: { probingQuestions: [{ ...question, question: "¿Tiene perro?", options: ["Sí", "No"] }] } } });
    assert.ok(parsed.ok, parsed.ok ? "" : parsed.reason);
    assert.equal(localizeConfig(parsed.config, "es").probingQuestions[0]?.question, "¿Tiene perro?");
    assert.equal(localizeConfig(parsed.config, "en").probingQuestions[0]?.question, "Do you have a dog?");
  });
});

describe("Intl for the language and the company's currency", () => {
  test("the locale: es-US for a dollar company, else es; English stays en-US", () => {
    assert.deepEqual([localeFor("es", "USD"), localeFor("es", "usd"), localeFor("es", "EUR"), localeFor("es", "CHF"), localeFor("es", undefined), localeFor("en", "EUR")], ["es-US", "es-US", "es", "es", "es-US", "en-US"]);
  });

  // [minor units, currency, locale, shown]
  const money: Array<[number, string, string | undefined, string]> = [
    [123450, "USD", undefined, "$1,234.50"],
    [123450, "USD", "es-US", "$1,234.50"],
    [-1999, "USD", "es-US", "-$19.99"],
    [123450, "EUR", "es", "1234,50 €"],
    [123456789, "EUR", "es", "1.234.567,89 €"],
    [123456789, "GBP", "es", "1.234.567,89 £"],
    [4505, "CHF", undefined, "CHF 45.05"],
    [4505, "CHF", "es", "45,05 CHF"],
    [4550, "JPY", "es", "4550 ¥"],
    [12345, "BHD", "es", "12,345 BHD"],
    [0, "USD", "es-US", "$0.00"],
  ];
  for (const [minor, code, locale, shown] of money) {
    test(`${minor} ${code} in ${locale ?? "English"} → ${shown}`, () => {
      assert.equal(formatMoney(minor, code, locale).replace(/\u00a0|\u202f/g, " "), shown);
    });
  }

  test("the currency's rules stay: CHF's 0.05 step and the yen's 0 digits, then Intl writes the amount", () => {
    assert.equal(formatMoney(toMinorUnits(45.03, "CHF"), "CHF", "es").replace(/\u00a0/g, " "), "45,05 CHF");
    assert.equal(formatMoney(toMinorUnits(4550.4, "JPY"), "JPY", "es").replace(/\u00a0/g, " "), "4550 ¥");
    // Beyond a double's exact cents: the decimal string goes to Intl, not a float.
    assert.equal(formatMoney(900719925474099, "USD", "es-US"), "$9,007,199,254,740.99");
  });

  const dates: Array<[string, string | undefined, string]> = [
    ["2026-11-03", undefined, "Tuesday, November 3, 2026"],
    ["2026-11-03", "es-US", "martes, 3 de noviembre de 2026"],
    ["2026-01-01", "es", "jueves, 1 de enero de 2026"],
    ["2024-02-29", "es", "jueves, 29 de febrero de 2024"],
    ["not a date", "es", "not a date"],
  ];
  for (const [iso, locale, shown] of dates) {
    test(`the date ${iso} in ${locale ?? "English"} → ${shown}`, () => assert.equal(formatLongDate(iso, locale), shown));
  }

  test("the calendar's month and weekdays; sizes' thousands", () => {
    assert.equal(formatMonth("2026-11-03"), "November 2026");
    assert.equal(formatMonth("2026-11-03", "es"), "noviembre de 2026");
    assert.deepEqual(weekdayNames("es"), ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"]);
    assert.equal(weekdayNames()[0], "Sunday");
    assert.deepEqual([formatSize(12345), formatSize(12345, "es-US"), formatSize(12345, "es"), formatSize(1234.6, "es")], ["12,345", "12,345", "12.345", "1235"]);
  });
});
