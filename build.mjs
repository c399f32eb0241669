// Builds the shipped files and prints their raw, gzip and brotli sizes:
//   dist/loader.js                 the no-dependency facade: every visitor pays for it;
//   dist/quote-assistant.js        the widget (React, the chat), one minified IIFE;
//   dist/quote-assistant-quote.js  the quote modal, checkout and payment adapters, which the
//                                  widget fetches while a visitor's prices are worked out;
//   dist/quote-assistant-scheduling.js  ServMan's calendar, which the widget fetches only for a
//                                  ServMan company's visitor, while the ServMan questions run;
//   dist/quote-assistant-es.js     the Spanish words (src/i18n/es.ts), fetched only when the
//                                  visitor's language is Spanish (the README, "Languages").
//
// The quote and scheduling chunks run on the widget's own React, libraries and helpers instead
// of carrying copies: SHARED_WITH_QUOTE below lists, by hand, every export they use of them. The widget puts
// those exports on a hidden page-wide registry (src/lazy/shared-registry.ts); the chunk is
// built with each listed import replaced by a read from that registry. The build fails when
// a chunk uses an export the list lacks, or would bundle its own copy of a module the widget
// has. Why a list rather than esbuild's code splitting: the README, "The build".
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
process.chdir(ROOT);
mkdirSync("dist", { recursive: true });

/**
 * What the widget shares with the quote and scheduling chunks: by package name or source path,
 * the exports the chunks' own files import ("*": a CommonJS module, shared whole). Edit when
 * the build says so.
 */
const SHARED_WITH_QUOTE = {
  react: "*",
  "react/jsx-runtime": "*",
  ky: ["TimeoutError"],
  valibot: ["array", "boolean", "check", "finite", "integer", "literal", "maxLength", "maxValue", "minLength", "minValue", "nullable", "number", "optional", "parse", "picklist", "pipe", "regex", "safeParse", "string", "trim", "union", "variant"],
  "src/api/quote-services.ts": ["OfferSchema"],
  "src/bridge/frame-bridge.ts": ["listenToFrame", "postToFrame"],
  "src/config/measurement.ts": ["formatSize", "unitFor"],
  "src/config/payment-providers.ts": ["chooseProcessor", "vaultSetup"],
  "src/flow/messages.ts": ["formatAddress"],
  "src/flow/scheduling.ts": ["addDays", "addMonths", "addYears", "formatLongDate", "formatMonth", "weekdayNames", "weekdayOf", "WEEKDAYS"],
  "src/json/stringify-json.ts": ["toJsonText"],
  "src/payments/load-script.ts": ["loadScriptOnce"],
  "src/pricing/currency.ts": ["formatMoney", "toMajorString"],
  "src/schema/object-schemas.ts": ["object", "strictObject"],
  "src/ui/shared/theme.ts": ["BRAND", "BRAND_INK", "BRAND_SOFT", "FOCUS_COLOR", "FONT", "ON_BRAND"],
  "src/ui/shared/modal.tsx": ["Modal"],
  // The widget's own instances: they read its Jotai store (the visitor's language).
  "src/ui/shared/use-words.ts": ["useLocale", "useWords"],
};

/** Names this build: a chunk from another one (a stale cached file) refuses to run on the widget. */
function buildIdOf(files) {
  const hash = createHash("sha256");
  for (const file of files.sort()) if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 12);
}
const BUILD_ID = buildIdOf(["build.mjs", "package-lock.json", ...readdirSync("src", { recursive: true }).map((file) => path.join("src", file))]);

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  legalComments: "none",
  logLevel: "warning",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
};

/** A plugin serving modules made here, by import specifier. */
function virtualModules(modules) {
  return {
    name: "virtual-modules",
    setup(b) {
      b.onResolve({ filter: /^quote-assistant:/ }, (args) => ({ path: args.path, namespace: "virtual" }));
      b.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => ({ contents: modules[args.path], loader: "js", resolveDir: ROOT }));
    },
  };
}

const specifier = (key) => JSON.stringify(key.startsWith("src/") ? path.join(ROOT, key) : key);

/** The widget's side: `sharedModules`, the listed exports under their keys. */
function sharedModulesSource() {
  const lines = ["export const sharedModules = {};"];
  Object.entries(SHARED_WITH_QUOTE).forEach(([key, names], i) => {
    if (names === "*") {
      lines.push(`import m${i} from ${specifier(key)};`, `sharedModules[${JSON.stringify(key)}] = m${i};`);
    } else {
      const entries = names.map((name) => `${JSON.stringify(name)}: m${i}.${name}`);
      lines.push(`import * as m${i} from ${specifier(key)};`, `sharedModules[${JSON.stringify(key)}] = Object.freeze({ ${entries.join(", ")} });`);
    }
  });
  return `${lines.join("\n")}\nObject.freeze(sharedModules);`;
}

/** The chunk's side: each import of a listed module becomes a module reading it from the registry. */
function readFromWidget() {
  const registry = JSON.stringify(path.join(ROOT, "src/lazy/shared-registry.ts"));
  const read = (key) => `readShared(${JSON.stringify(BUILD_ID)}, ${JSON.stringify(key)})`;
  return {
    name: "read-from-widget",
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "resolving") return undefined;
        let key = args.path;
        if (/^[./]/.test(key)) {
          const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: "resolving" });
          key = path.relative(ROOT, found.path).split(path.sep).join("/");
        }
        return Object.hasOwn(SHARED_WITH_QUOTE, key) ? { path: key, namespace: "SHARED_WITH_QUOTE" } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "SHARED_WITH_QUOTE" }, ({ path: key }) => {
        const names = SHARED_WITH_QUOTE[key];
        // CommonJS (React): the module object itself, as the widget's require gave it.
        if (names === "*") return { contents: `module.exports = require(${registry}).${read(key)};`, loader: "js", resolveDir: ROOT };
        // `export { sN as name }`: an export name may be a reserved word (valibot's `enum`).
        const exports = names.map((name, i) => `const s${i} = m[${JSON.stringify(name)}]; export { s${i} as ${name} };`);
        return { contents: [`import { readShared } from ${registry};`, `const m = ${read(key)};`, ...exports].join("\n"), loader: "js", resolveDir: ROOT };
      });
    },
  };
}

const [widget, quote, scheduling, , spanish] = await Promise.all([
  build({
    ...common,
    entryPoints: ["src/main.ts"],
    outfile: "dist/quote-assistant.js",
    sourcemap: true,
    metafile: true,
    plugins: [virtualModules({ "quote-assistant:build": `export const buildId = ${JSON.stringify(BUILD_ID)};`, "quote-assistant:shared-with-quote": sharedModulesSource() })],
  }),
  build({
    ...common,
    entryPoints: ["src/ui/quote-chunk/quote-chunk.tsx"],
    outfile: "dist/quote-assistant-quote.js",
    sourcemap: true,
    metafile: true,
    plugins: [readFromWidget(), virtualModules({ "quote-assistant:build": `export const buildId = ${JSON.stringify(BUILD_ID)};` })],
    // A chunk that cannot start (another build's, a missing module) must not throw into the
    // host page: the widget sees it did not register and tells the visitor.
    banner: { js: '"use strict";try{' },
    footer: { js: '}catch(e){console.error("[quote-assistant] the quote chunk could not start",e)}' },
  }),
  // ServMan's calendar, as the quote chunk: on the widget's shared modules, refusing another build.
  build({
    ...common,
    entryPoints: ["src/ui/scheduling/scheduling-chunk.tsx"],
    outfile: "dist/quote-assistant-scheduling.js",
    sourcemap: true,
    metafile: true,
    plugins: [readFromWidget(), virtualModules({ "quote-assistant:build": `export const buildId = ${JSON.stringify(BUILD_ID)};` })],
    banner: { js: '"use strict";try{' },
    footer: { js: '}catch(e){console.error("[quote-assistant] the scheduling chunk could not start",e)}' },
  }),
  build({ ...common, entryPoints: ["loader/snippet.ts"], outfile: "dist/loader.js", sourcemap: false }),
  // Plain data and a few pure helpers of its own (dates, sizes, phones): nothing shared to read.
  build({
    ...common,
    entryPoints: ["src/lazy/language-es.ts"],
    outfile: "dist/quote-assistant-es.js",
    sourcemap: true,
    metafile: true,
    plugins: [virtualModules({ "quote-assistant:build": `export const buildId = ${JSON.stringify(BUILD_ID)};` })],
    banner: { js: '"use strict";try{' },
    footer: { js: '}catch(e){console.error("[quote-assistant] the Spanish words could not start",e)}' },
  }),
]);

// ---- The company's console (issue 24): its own entry, nothing of it in the widget's files. ----
// dist/console.js (React, its own copy) and dist/console.css, served at /console/ by the backend.
await build({
  entryPoints: { console: "src/console/main.tsx" },
  jsx: "automatic",
  outdir: "dist",
  bundle: true,
  format: "iife",
  target: "es2020",
  minify: true,
  sourcemap: false,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
await build({ entryPoints: { console: "src/console/console.css" }, outdir: "dist", bundle: true, minify: true, logLevel: "warning" });
// ---- end of the console's entry ----

// The checks, for each chunk. An export missing from the list: esbuild's "will always be
// undefined" warning.
for (const [name, file, chunk] of [
  ["the quote chunk", "dist/quote-assistant-quote.js", quote],
  ["the scheduling chunk", "dist/quote-assistant-scheduling.js", scheduling],
]) {
  const undefinedImports = chunk.warnings.filter((warning) => warning.id === "import-is-undefined");
  if (undefinedImports.length > 0) {
    throw new Error(`${name} uses ${undefinedImports.map((w) => w.text).join("; ")}: add it to SHARED_WITH_QUOTE in build.mjs`);
  }
  // A module in both files: the chunk must take it from the widget (src/lazy/ is the link itself).
  const copies = Object.keys(chunk.metafile.inputs).filter((input) => input in widget.metafile.inputs && !/^(src\/lazy\/|virtual:)/.test(input));
  if (copies.length > 0) {
    throw new Error(
      `${file} would bundle its own copy of ${copies.join(", ")}: add what it uses to SHARED_WITH_QUOTE in build.mjs ` +
        "(state and the element: pass them through QuoteModalActions, src/state/quote-modal-actions.ts, or the chunk's props)",
    );
  }
}

export function measure(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

// The language file carries words and pure helpers, never React or the state: a stray import
// would make every Spanish visitor download a second copy of the widget.
const heavy = Object.keys(spanish.metafile.inputs).filter((file) => /node_modules|src\/(state|ui|element|api)\//.test(file));
if (heavy.length > 0) throw new Error(`dist/quote-assistant-es.js would bundle ${heavy.join(", ")}: keep src/i18n/es.ts to words and pure helpers`);

for (const file of ["dist/loader.js", "dist/quote-assistant.js", "dist/quote-assistant-quote.js", "dist/quote-assistant-scheduling.js", "dist/quote-assistant-es.js"]) {
  const s = measure(file);
  console.log(`${file.padEnd(37)} ${String(s.raw).padStart(8)} B raw ${String(s.gzip).padStart(7)} B gzip ${String(s.brotli).padStart(7)} B brotli`);
}
