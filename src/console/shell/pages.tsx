// The console's pages in its header, in order. A new page is one entry here: its hash route, its
// label from the console's words (src/i18n/<lang>/console.ts), whether only an owner may open it, and its component. A lead's page
// (#/leads/<id>) is not in the list: it is reached from the inbox, which stays current for it.
import type { ConsolePage } from "./page-types.ts";
import { Inbox } from "../inbox/inbox.tsx";
import { Funnel } from "../funnel/funnel.tsx";
import { Settings } from "../settings/settings.tsx";
import { BotPage } from "../bot/bot-page.tsx";
import { BUILDER_B_PAGES } from "../builder/pages.tsx";

export type { ConsolePage, PageProps } from "./page-types.ts";

export const pages: ConsolePage[] = [
  { hash: "#/", label: (w) => w.console.inbox, component: ({ t, lang }) => <Inbox t={t} lang={lang} /> },
  { hash: "#/funnel", label: (w) => w.console.funnel, component: ({ t, lang }) => <Funnel t={t} lang={lang} /> },
  // Staff see it too: they edit the draft and preview it; only an owner publishes (the page says so).
  { hash: "#/bot", label: (w) => w.console.botPage, component: ({ lang, me }) => <BotPage lang={lang} me={me} /> },
  { hash: "#/settings", label: (w) => w.console.settings, component: ({ t, lang, me, signOut }) => <Settings t={t} lang={lang} me={me} onSignOutEverywhere={() => signOut(true)} /> },
  ...BUILDER_B_PAGES,
];

/** The page a hash opens: its own, one whose hash it extends, else the first (the inbox). */
export function pageFor(route: string): ConsolePage {
  return pages.find((page) => page.hash !== "#/" && (route === page.hash || route.startsWith(`${page.hash}/`))) ?? pages[0]!;
}
