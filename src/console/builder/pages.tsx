// The builder's part-B pages (issue 25) as the console's header lists them (src/console/shell/pages.tsx):
// Prices, Tax table, Install and Webhooks. Staff open them too: each page says what only an
// owner may change, and the API refuses it.
import type { ConsolePage } from "../shell/page-types.ts";
import type { ConsoleTree } from "../../i18n/console-words.ts";
import { InstallPage } from "./install.tsx";
import { PricesPage } from "./prices.tsx";
import { TaxPage } from "./tax.tsx";
import { WebhooksPage } from "./webhooks.tsx";

/** The builder's words in the console's language. */
const label = (key: "navPrices" | "navTax" | "navInstall" | "navWebhooks") => (words: ConsoleTree) => words.builder[key];

export const BUILDER_B_PAGES: ConsolePage[] = [
  { hash: "#/prices", label: label("navPrices"), component: ({ lang }) => <PricesPage lang={lang} /> },
  { hash: "#/tax", label: label("navTax"), component: ({ lang, me }) => <TaxPage lang={lang} role={me.role} /> },
  { hash: "#/install", label: label("navInstall"), component: ({ lang }) => <InstallPage lang={lang} /> },
  { hash: "#/webhooks", label: label("navWebhooks"), component: ({ lang }) => <WebhooksPage lang={lang} /> },
];
