// The widget controller chooses the visitor's language when the configuration loads: the
// element's lang over the company's default over the page's, fetches that language's file,
// shows the company's texts in it; a file that cannot be loaded leaves the chat in English.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { parseQueryFlags } from "../../../src/config/query-flags.ts";
import { pack as es } from "../../../src/i18n/es/index.ts";
import type { Language, LanguagePack } from "../../../src/i18n/language.ts";
import { configAtom, configStatusAtom, languageAtom } from "../../../src/state/atoms.ts";
import { instantClock } from "../../../src/state/clock.ts";
import { createWidgetController } from "../../../src/state/widget-controller.ts";
import { captureConsoleErrors } from "../console-capture.ts";
import { eventually } from "../../eventually.ts";

const errors = captureConsoleErrors();
const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
  document.documentElement.removeAttribute("lang");
});


const CONFIG = { id: "b1", companyName: "Acme Lawns", greeting: "Welcome!", valueAddDescription: "Free visits.", translations: { es: { greeting: "¡Bienvenido!" } } };

async function load(options: { lang?: string; language?: string; page?: string; loadLanguage?: (lang: Language) => Promise<LanguagePack> }) {
  globalThis.fetch = (async () =>
    new Response(JSON.stringify({ ...CONFIG, ...(options.language ? { language: options.language } : {}) }), { headers: { "content-type": "application/json" } })) as typeof fetch;
  if (options.page) document.documentElement.lang = options.page;
  const host = document.createElement("div");
  if (options.lang) host.setAttribute("lang", options.lang);
  const asked: Language[] = [];
  const store = createStore();
  const controller = createWidgetController({
    store,
    host,
    company: "acme",
    bot: "b1",
    apiBase: "http://api.test",
    mode: "bubble",
    flags: parseQueryFlags(""),
    clock: instantClock,
    loadLanguage: (lang) => {
      asked.push(lang);
      return options.loadLanguage ? options.loadLanguage(lang) : Promise.resolve(es);
    },
  });
  const disconnect = controller.connect();
  await eventually("the configuration loaded or failed", () => store.get(configStatusAtom).status, (status) => status !== "loading");
  disconnect();
  return { store, asked };
}

describe("the visitor's language, chosen as the configuration loads", () => {
  // [element lang, company default, page lang, file fetched, greeting shown]
  const table: Array<[string | undefined, string | undefined, string | undefined, Language[], string]> = [
    [undefined, undefined, undefined, [], "Welcome!"],
    ["es", undefined, undefined, ["es"], "¡Bienvenido!"],
    [undefined, "es", undefined, ["es"], "¡Bienvenido!"],
    [undefined, undefined, "es-MX", ["es"], "¡Bienvenido!"],
    ["en", "es", "es", [], "Welcome!"],
    [undefined, "en", "es", [], "Welcome!"],
  ];
  for (const [lang, language, page, fetched, greeting] of table) {
    test(`lang ${lang ?? "-"}, company ${language ?? "-"}, page ${page ?? "-"}: ${fetched.length ? "Spanish" : "English"}`, async () => {
      const { store, asked } = await load({ ...(lang ? { lang } : {}), ...(language ? { language } : {}), ...(page ? { page } : {}) });
      assert.deepEqual(asked, fetched);
      assert.equal(store.get(languageAtom)?.lang, fetched[0]);
      assert.equal(store.get(configAtom)?.greeting, greeting);
      // Not translated by the company: shown as written.
      assert.equal(store.get(configAtom)?.valueAddDescription, "Free visits.");
    });
  }

  test("the element's lang: the Spanish words arrive while the configuration is still on its way; the page's lang waits for the company's default", async () => {
    let answer: (response: Response) => void = () => {};
    let requests = 0;
    globalThis.fetch = (() => (requests++, new Promise<Response>((resolve) => (answer = resolve)))) as typeof fetch;
    for (const [attribute, page, early] of [["es", undefined, "es"], [undefined, "es", undefined]] as const) {
      if (page) document.documentElement.lang = page;
      const host = document.createElement("div");
      if (attribute) host.setAttribute("lang", attribute);
      const store = createStore();
      const asked: Language[] = [];
      const controller = createWidgetController({
        store, host, company: "acme", bot: "b1", apiBase: "http://api.test", mode: "bubble", flags: parseQueryFlags(""), clock: instantClock,
        loadLanguage: (lang) => (asked.push(lang), Promise.resolve(es)),
      });
      const before = requests;
      const disconnect = controller.connect();
      // The configuration is on its way (asked for, not answered), and the element's words, if any, have come.
      await eventually("the configuration's request", () => requests, (n) => n > before);
      if (early) await eventually("the element's language", () => store.get(languageAtom)?.lang, (lang) => lang === early);
      assert.equal(store.get(configStatusAtom).status, "loading");
      assert.deepEqual(asked, early ? [early] : [], `lang ${attribute}, page ${page}`);
      assert.equal(store.get(languageAtom)?.lang, early);
      answer(new Response(JSON.stringify({ ...CONFIG, language: "en" }), { headers: { "content-type": "application/json" } }));
      await eventually("the configuration loaded or failed", () => store.get(configStatusAtom).status, (status) => status !== "loading");
      // One request for the file, however many times it is wanted.
      assert.deepEqual(asked, early ? [early] : []);
      assert.equal(store.get(configAtom)?.greeting, early ? "¡Bienvenido!" : "Welcome!");
      disconnect();
    }
  });

  test("a Spanish file that cannot be loaded: the chat starts in English, and the console says why", async () => {
    const { store, asked } = await load({ lang: "es", loadLanguage: () => Promise.reject(new Error("offline")) });
    assert.deepEqual(asked, ["es"]);
    assert.equal(store.get(configStatusAtom).status, "ready");
    assert.equal(store.get(languageAtom), null);
    assert.equal(store.get(configAtom)?.greeting, "Welcome!");
    assert.equal(errors.lines.length, 1);
    assert.match(errors.lines[0]!, /^\[quote-assistant\] the es texts could not be loaded: the chat speaks English/);
    errors.lines.length = 0;
  });
});
