// What a page of the console's header is (pages.tsx lists them, builder/pages.tsx adds the
// builder's), apart from both lists so that neither imports the other.
import type { ComponentType } from "react";
import type { ConsoleTree, ConsoleWords } from "../../i18n/console-words.ts";
import type { Me } from "../../contract/console.ts";
import type { Language } from "../../i18n/language-tags.ts";

export interface PageProps {
  t: ConsoleWords;
  lang: Language;
  me: Me;
  /** The whole hash, e.g. "#/funnel", for pages with routes of their own below their hash. */
  route: string;
  signOut: (everywhere: boolean) => void;
}

export interface ConsolePage {
  /** The hash route the header links to; a route starting with `${hash}/` opens it too. */
  hash: string;
  label: (words: ConsoleTree) => string;
  /** Not in a staff member's header; opened by one, the page says only an owner can use it. */
  ownerOnly?: boolean;
  component: ComponentType<PageProps>;
}
