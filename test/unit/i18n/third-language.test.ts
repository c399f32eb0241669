// Adding a language is its word tree and one entry in the list of languages, nothing else
// (issue 29). This builds a third language the way a translator would add it: a copy of the
// project in a temporary directory, French's tree from test/fixtures/i18n/fr/ put at
// src/i18n/fr/, one entry added to src/i18n/languages.mjs, and `node build.mjs` run there.
// Then the copy's own modules show every reader of the list took French: the build made and
// the server serves its file, that file registers its words with the widget of the same build,
// the loader names the bubble in French, the configuration accepts it, the page's language
// picks it, and the conversation speaks it. A reader with a list of its own fails here.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import vm from "node:vm";
import { after, before, describe, test } from "node:test";
import { languageOf as languageHere } from "../../../src/i18n/language.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const FRENCH_BUBBLE = "Ouvrir le chat de l'assistant de devis";
/** The one line a translator adds to the list. */
const FRENCH_ENTRY = `  fr: { bubbleOpen: ${JSON.stringify(FRENCH_BUBBLE)}, loading: "Chargement…" },\n`;

let copy: string;
/** A module of the copy, as the copy's code sees it. */
const load = (file: string) => import(pathToFileURL(path.join(copy, file)).href);

before(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "third-language-"));
  // What build.mjs reads (the console's Install page shows docs/install.md).
  for (const part of ["src", "loader", "docs/install.md", "build.mjs", "shipped-files.mjs", "scripts/measure-size.mjs", "scripts/esbuild-options.mjs", "scripts/own-keys-only.mjs", "scripts/ky-without-stream-probe.mjs", "package.json", "package-lock.json"]) {
    cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  cpSync(path.join(ROOT, "test/fixtures/i18n/fr"), path.join(copy, "src/i18n/fr"), { recursive: true });
  const list = path.join(copy, "src/i18n/languages.mjs");
  const text = readFileSync(list, "utf8");
  assert.ok(text.includes("\n});"), "the list ends with its closing line");
  writeFileSync(list, text.replace("\n});", `\n${FRENCH_ENTRY}});`));
  await promisify(execFile)(process.execPath, ["build.mjs"], { cwd: copy });
});

after(() => rmSync(copy, { recursive: true, force: true }));

describe("a third language from its tree and one entry in the list", () => {
  test("this project itself has no French: the fixture is what adds it", () => {
    assert.equal(languageHere("fr-CA"), undefined);
  });

  test("the build makes its file and the server serves it (shipped-files.mjs's rows)", async () => {
    const { SHIPPED_FILES, SHIPPED_NAMES } = await load("shipped-files.mjs");
    assert.ok(existsSync(path.join(copy, "dist/quote-assistant-fr.js")));
    assert.ok(SHIPPED_NAMES.includes("quote-assistant-fr.js") && SHIPPED_NAMES.includes("quote-assistant-fr.js.map"));
    const row = SHIPPED_FILES.find((file: { file: string }) => file.file === "quote-assistant-fr.js");
    assert.equal(row.shares, "nothing");
  });

  test("its file registers the French words with the widget of the same build", async () => {
    const widget = readFileSync(path.join(copy, "dist/quote-assistant.js"), "utf8");
    const french = readFileSync(path.join(copy, "dist/quote-assistant-fr.js"), "utf8");
    // The build's id, the one 12-hex-digit text the widget and the language's file share.
    const ids = [...new Set([...french.matchAll(/"([0-9a-f]{12})"/g)].map((m) => m[1]!))].filter((id) => widget.includes(`"${id}"`));
    assert.equal(ids.length, 1, `one build id in both files, found ${ids.join(", ")}`);
    const page = vm.createContext({ console });
    const registry = await load("src/lazy/shared-registry.ts");
    assert.ok(registry.installSharedRegistry(ids[0], {}, vm.runInContext("globalThis", page)));
    vm.runInContext(french, page);
    const pack = registry.registeredLanguage("fr");
    assert.equal(pack?.lang, "fr");
    assert.equal(pack.words.send, "Envoyer");
    assert.equal(pack.quote.back, "Retour");
    assert.equal(pack.validation.name, "Veuillez saisir vos prénom et nom.");
    assert.equal(pack.payments.cardNumber, "Numéro de carte");
    const english = await load("src/i18n/en/conversation.ts");
    assert.deepEqual(Object.keys(pack.messages).sort(), Object.keys(english.conversation).sort(), "every key of the English conversation, no other");
  });

  test("the loader names the bubble in French for a French page", async () => {
    assert.ok(readFileSync(path.join(copy, "dist/loader.js"), "utf8").includes(FRENCH_BUBBLE));
    const { firstWords } = await load("src/i18n/first-words.ts");
    assert.deepEqual(firstWords("fr"), { bubbleOpen: FRENCH_BUBBLE, loading: "Chargement…" });
  });

  test("the page's language and the configuration choose it; the company's French texts are used", async () => {
    const { chooseLanguage, languageOf, localizeConfig } = await load("src/i18n/language.ts");
    assert.equal(languageOf("fr-CA"), "fr");
    assert.equal(chooseLanguage(null, undefined, "fr"), "fr");
    const { parseCompanyConfig } = await load("src/config/company-config.ts");
    const company = { id: "test-co", companyName: "Test Lawn Co", botName: "Sprout" };
    const parsed = parseCompanyConfig({ ...company, language: "fr", translations: { fr: { greeting: "Bienvenue chez nous !" } } });
    assert.equal(parsed.ok, true, JSON.stringify(parsed));
    assert.equal(parsed.config.language, "fr");
    assert.equal(localizeConfig(parsed.config, "fr").greeting, "Bienvenue chez nous !");
    assert.equal(parseCompanyConfig({ ...company, language: "de" }).ok, false, "a language not in the list is refused");
  });

  test("the conversation speaks French", async () => {
    const { pack } = await load("src/i18n/fr/index.ts");
    const { startFlow, answerStep } = await load("src/flow/engine.ts");
    const { FIRST_STEP, steps } = await load("src/flow/flow-graph.ts");
    const ctx = { config: makeConfig(), customer: {}, programs: SAMPLE_PROGRAMS, pack };
    const started = startFlow(steps, FIRST_STEP, ctx);
    const said = (effects: Array<{ type: string; text?: string }>) => effects.flatMap((e) => (e.type === "say" ? [e.text] : []));
    assert.match(said(started.effects)[0]!, /^Bonjour ! Je suis Sprout, l'assistant de devis de Test Lawn Co\.$/);
    const toName = answerStep(steps, started.state, { value: "Let's Get Started" }, ctx);
    assert.ok(said(toName.effects).includes("Commençons par votre nom. Quels sont vos prénom et nom ?"));
    const refused = answerStep(steps, toName.state, { value: "Cher" }, ctx);
    assert.equal(refused.ok ? null : refused.message, "Veuillez saisir vos prénom et nom.");
  });
});
