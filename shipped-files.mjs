// The files `node build.mjs` ships, in one table. build.mjs builds and checks each row, the
// bench (bench/sizes.ts) holds each to its budget, and the widget origin serves exactly these
// and their source maps (SHIPPED_NAMES). A new file is a new row here and nothing else; a new
// language is a new entry in src/i18n/languages.mjs, which makes its row.
//
// `shares`, what a file may take from the widget:
//   "widget"   it is the widget;
//   "contract" only what src/lazy/shared-with-chunks.ts exports, read from the widget at run
//              time; the build fails when the file would bundle its own copy of anything the
//              widget has (a second React, the widget's state...);
//   "nothing"  it runs on its own.
// `mustNotBundle`: modules (a pattern of their paths) the build refuses in the file, and why.
// `loadedBy`: "page" (the snippet's tag, the loader) or "widget" (fetched by the widget when a
// visitor needs it: wrapped so that it cannot throw into the host page, and refusing to run on
// another build's widget), or "console" (the company's console, its own page at /console/,
// served by the console's routes, never by the widget origin: not in SHIPPED_NAMES).
// `textFiles`: extensions bundled as text (the console's Install page carries docs/install.md).
// `budget`: brotli bytes (quality 11, the build id zeroed: scripts/measure-size.mjs) that the file may weigh, its reason beside it. A budget
// is raised only with its reason rewritten; the history is in `git log -p shipped-files.mjs`
// (and, before this table, in bench/sizes.ts).
import { LANGUAGES } from "./src/i18n/languages.mjs";

/** The modules only ServMan's chapter runs, which the widget must not carry. */
export const SERVMAN_ONLY = [
  "src/flow/scheduling\\.ts",
  "src/flow/servman-guards\\.ts",
  "src/flow/steps/servman\\.ts",
  "src/flow/inputs/(servman-kinds|servman-choice|calendar|call)\\.ts",
  "src/i18n/en/servman\\.ts",
  "src/state/tasks/servman(-chapter-parts)?\\.ts",
  "src/(api|contract)/servman-",
  "src/ui/scheduling/(calendar-slot|call-button)\\.tsx",
  "src/lazy/servman-chunk\\.ts",
].join("|");

export const SHIPPED_FILES = [
  {
    file: "loader.js",
    loadedBy: "page",
    entry: "loader/snippet.ts",
    name: "the loader",
    shares: "nothing",
    mustNotBundle: "node_modules/",
    mustNotBundleReason: "the loader shares nothing with the widget",
    sourcemap: false,
    budget: 3300,
    reason: "Every visitor pays it: the bubble and command queue (1.3 KB), the press hand-over and duplicate-snippet rules, the chat window's shell painted on the first click (a named, busy, focused dialog for screen readers), the company colour from the first frame, the bubble named in the page's language, from the list of languages, and the bubble painted in a task of its own so that the page never gets a long task from us at 4x CPU (3,252 B).",
  },
  {
    file: "quote-assistant.js",
    loadedBy: "page",
    entry: "src/main.ts",
    name: "the widget",
    shares: "widget",
    // ServMan's chapter: its steps, guards, inputs, words, lists and dates, tasks, calls and views.
    mustNotBundle: SERVMAN_ONLY,
    mustNotBundleReason: "ServMan's chapter comes with dist/quote-assistant-servman.js, for ServMan companies only (src/lazy/servman-chunk.ts)",
    sourcemap: true,
    budget: 121100,
    reason: "Everyone who opens the chat: React and react-dom (about 60 %), the conversation, the money rules and the state (120,869 B with the build id zeroed, scripts/measure-size.mjs: ServMan's guards, inputs, words, lists, dates and views went with its chapter, 2,256 B less, nothing of ServMan's left but the wait for its file, SERVMAN_ONLY; the conversation's runner split by job cost about 190 B; React's namespace made once rather than in each module that imports it, 558 B less; the schemas built on first use, 270 B more; ky started with the first API client, 376 B more: 120,837 B; the open told after the window's frame and the closed window laid out ahead, its fonts found one task each, with ky started with the bundle again to make room: 120,801 B). Issue 35 withdrew the 110 KB aim; this budget stands.",
  },
  {
    file: "quote-assistant-quote.js",
    loadedBy: "widget",
    entry: "src/ui/quote-chunk/quote-chunk.tsx",
    name: "the quote chunk",
    shares: "contract",
    sourcemap: true,
    budget: 18800,
    reason: "Those who reach a price: the pricing engine, the proposal, checkout form, payment adapters and payment calls with their CSS and words (18,546 B; the checkout's words keyed in src/i18n/en/payments.ts); Stripe.js and the card vault still load only at checkout.",
  },
  {
    file: "quote-assistant-servman.js",
    loadedBy: "widget",
    entry: "src/lazy/servman-chunk.ts",
    name: "the ServMan chunk",
    shares: "contract",
    sourcemap: true,
    budget: 6200,
    reason: "A ServMan company's visitors only, fetched with the configuration: ServMan's chapter of the flow (emergency, agreement, problem, order, time window and booking steps) with its guards, input kinds (its lists, the calendar, the office's call button) and English words, its lists, dates and slot rules, its tasks and /v1/servman/* calls with their schemas, and its views (where the calendar shows, the call button) (5,996 B).",
  },
  {
    file: "quote-assistant-scheduling.js",
    loadedBy: "widget",
    entry: "src/ui/scheduling/scheduling-chunk.tsx",
    name: "the scheduling chunk",
    shares: "contract",
    sourcemap: true,
    budget: 3300,
    reason: "A ServMan company's visitors only: the calendar (month grid, keyboard, days without windows) and its CSS, with its own copy of ServMan's date helpers, which the widget no longer has (3,106 B).",
  },
  {
    file: "measure-tool.js",
    loadedBy: "page",
    entry: "src/measure-tool/main.ts",
    name: "the measuring tool",
    shares: "nothing",
    mustNotBundle: "node_modules/(react|react-dom|jotai|ky|@stripe)/|src/(state|ui|element|api|lazy)/",
    mustNotBundleReason: "the measuring tool is its own page (/measure/): the map, the drawing and the geodesic measure, nothing of the chat",
    sourcemap: true,
    budget: 12000,
    reason: "Those who measure their lawn, in the tool's own frame: the satellite map (tiles, pan, pinch and wheel zoom), the drawing (areas, areas taken out, lines, dragging, undo) and Turf's geodesic area and length (issue 33), and its words in every language (English and Spanish: 11,709 B with them, 10,128 B in English alone).",
  },
  {
    file: "quote-assistant-consent.js",
    loadedBy: "widget",
    entry: "src/lazy/text-consent-file.ts",
    name: "the consent box's words",
    shares: "nothing",
    mustNotBundle: "node_modules/|src/(state|ui|element|api|flow)/",
    mustNotBundleReason: "the consent box's words share nothing with the widget",
    sourcemap: true,
    budget: 600,
    reason: "Visitors of a company that texts (issue 34): the texts consent box's label in every language (English and Spanish: 489 B), fetched with the configuration; kept out of the widget (the words and their language files would have taken 260 B of the widget's last 250 and put Spanish's file over its budget).",
  },
  {
    file: "console.js",
    loadedBy: "console",
    entry: "src/console/main.tsx",
    name: "the console",
    shares: "nothing",
    textFiles: [".md"],
    // Its own app (issue 36): the contract, the pure core and the shared looks, never the widget's
    // state, runtime, calls or views (test/unit/architecture/import-layers.test.ts holds its imports).
    mustNotBundle: "node_modules/(jotai|@stripe|@r2wc)/|src/(state|flow|element|api|lazy|payments|bridge|storage|measure-tool)/|src/ui/(?!shared/)",
    mustNotBundleReason: "the console is its own app: it shares the contract and the pure core with the widget, never its state, runtime, calls or views",
    sourcemap: false,
    budget: 103000,
    reason: "A company's staff only, in the console (never a visitor): its own React and react-dom, every page (inbox, lead, funnel, settings, bot, prices, tax, install with docs/install.md's guides, webhooks) and every language's console words (94,897 B when it became a row, issue 36), then its one API client on ky with every answer read through the contract's valibot schemas (ky 14 KB raw, the schemas 4 KB: 95,042 -> 101,660 B).",
  },
  // One file per language of the list but English (whose words are in the widget).
  ...Object.keys(LANGUAGES)
    .filter((lang) => lang !== "en")
    .map((lang) => ({
      file: `quote-assistant-${lang}.js`,
      loadedBy: "widget",
      entry: "src/lazy/language-file.ts",
      language: lang,
      name: `the words of "${lang}"`,
      shares: "nothing",
      mustNotBundle: "node_modules/|src/(state|ui|element|api)/",
      mustNotBundleReason: `the words of "${lang}" share nothing with the widget`,
      sourcemap: true,
      budget: 9216,
      reason: "A visitor in that language only: its every word and a few pure helpers (dates, sizes, phones) of its own (Spanish: 8,770 B).",
    })),
];

/** What the widget origin serves from dist/: each shipped file but the console's, and its source map. */
export const SHIPPED_NAMES = SHIPPED_FILES.filter(({ loadedBy }) => loadedBy !== "console").flatMap(({ file, sourcemap }) => (sourcemap ? [file, `${file}.map`] : [file]));
