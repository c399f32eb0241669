// The words' part of the pure core's contract with the chunks (re-exported by ./shared-pure.ts):
// the helpers ServMan's English words (src/i18n/en/servman.ts) take from the widget. A part of
// its own, without valibot, because those words are also bundled where nothing is shared: a
// language file whose tree reuses English words (test/fixtures/i18n/fr/servman.ts). In a chunk's
// build it is read from the widget, as the other parts (build.mjs).
export { nonEmpty } from "./message-parts.ts";
export { phoneLink } from "../config/phone-format.ts";
