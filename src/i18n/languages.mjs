// Every language the widget speaks, English first: the one list that the configuration (its
// `language` and `translations`), the build (a file per language other than English,
// shipped-files.mjs), the server (the files it serves), the loader and the widget read.
// Adding a language is its word tree, src/i18n/<lang>/ (the same files as src/i18n/en/, each
// typed against the English one), and its entry here; test/unit/i18n/third-language.test.ts
// proves nothing else is needed.
//
// Each entry holds the two words shown before the company's configuration and any language
// file have arrived: the bubble's name (the loader carries every language's, so only these)
// and the loading window's text. Plain JavaScript so that build.mjs reads it on Node without
// tsx; the type checker reads its literal keys (tsconfig's allowJs).
export const LANGUAGES = /** @type {const} */ ({
  en: { bubbleOpen: "Open the quote assistant chat", loading: "Loading…" },
  es: { bubbleOpen: "Abrir el chat del asistente de cotizaciones", loading: "Cargando…" },
});
