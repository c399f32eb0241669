// The visitor's language for one element: the element's `lang`, the company's default, the
// page's, English. Each language other than English is its own file (src/lazy/load-language.ts),
// fetched once per attempt to start; one that cannot be loaded falls back to English, said in
// the console.
import type { CompanyConfig } from "../config/company-config.ts";
import { chooseLanguage, languageOf, localizeConfig, type Language, type LanguagePack } from "../i18n/language.ts";
import { languageAtom } from "./atoms.ts";
import type { Store } from "./conversation.ts";

export interface LanguagePacks {
  /** The element's own `lang` (the snippet's `data-lang`): its file, fetched now; see below. */
  fetchAsked(): void;
  /** The configuration in the visitor's language, with that language's words in the store. */
  localize(config: CompanyConfig): Promise<CompanyConfig>;
  /** A new attempt to start (a retry after a failed configuration too) asks for the files afresh. */
  clear(): void;
}

export function createLanguagePacks(store: Store, host: HTMLElement, loadLanguage?: (lang: Language) => Promise<LanguagePack>): LanguagePacks {
  const packs = new Map<Language, Promise<LanguagePack | null>>();
  const languagePack = (lang: Language): Promise<LanguagePack | null> => {
    if (lang === "en" || !loadLanguage) return Promise.resolve(null);
    let pack = packs.get(lang);
    if (!pack) {
      pack = loadLanguage(lang).catch((error: unknown) => {
        console.error(`[quote-assistant] the ${lang} texts could not be loaded: the chat speaks English`, error);
        return null;
      });
      packs.set(lang, pack);
    }
    return pack;
  };
  return {
    /**
     * The element's own `lang` outranks the company's default: its file is fetched alongside
     * the configuration, not after it, and its words show as soon as they are here (the loading
     * window, the bubble). A page's <html lang> waits for the configuration, whose default
     * comes first.
     */
    fetchAsked() {
      const asked = languageOf(host.getAttribute("lang"));
      if (!asked || asked === "en") return;
      void languagePack(asked).then((pack) => {
        if (pack && !store.get(languageAtom)) store.set(languageAtom, pack);
      });
    },
    async localize(config) {
      const pack = await languagePack(chooseLanguage(host.getAttribute("lang"), config.language, document.documentElement.lang));
      store.set(languageAtom, pack);
      return pack ? localizeConfig(config, pack.lang) : config;
    },
    clear: () => packs.clear(),
  };
}
