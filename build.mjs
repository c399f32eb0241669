// Builds the files of shipped-files.mjs (one row each: entry, what it may share with the widget,
// its budget) into dist/ and prints their raw, gzip and brotli sizes; `npm run bench` holds them
// to their budgets.
//
// The lazily loaded chunks (the quote modal, ServMan's chapter and calendar) run on the widget's own React,
// libraries and helpers instead of carrying copies. What they may use is one module,
// src/lazy/shared-with-chunks.ts: they import from it, so the compiler checks every name. The
// widget puts that module's namespace on a hidden page-wide registry (src/lazy/shared-registry.ts);
// in a chunk's build the module is replaced by a read from that registry, and `react` and
// `react/jsx-runtime` by its `React` and `jsxRuntime`. The build fails when a chunk would bundle
// its own copy of a module the widget has. Why this rather than esbuild's code splitting: the
// README, "The build".
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SHIPPED_BUILD_OPTIONS } from "./scripts/esbuild-options.mjs";
import { kyWithoutStreamProbe } from "./scripts/ky-without-stream-probe.mjs";
import { BUILD_ID_FILE, measureFile } from "./scripts/measure-size.mjs";
import { guardExportHelpers, shiftMappings, unguardedGetters } from "./scripts/own-keys-only.mjs";
import { SHIPPED_FILES } from "./shipped-files.mjs";
import { LANGUAGES } from "./src/i18n/languages.mjs";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
process.chdir(ROOT);
mkdirSync("dist", { recursive: true });

const CONTRACT = "src/lazy/shared-with-chunks.ts";
/** Its parts below the views and in the pure core (re-exported by it), read the same way. */
const CONTRACT_PARTS = new Set([
  CONTRACT,
  "src/payments/shared-core.ts",
  "src/flow/shared-pure.ts",
  "src/flow/shared-words.ts",
  // The money rules the widget keeps (formatting, the 'anything to price' rule), which the pricing engine in the quote chunk uses too.
  ...["chargeable", "currency", "decimal", "rounding"].map((name) => `src/pricing/${name}.ts`),
]);
/** Packages a chunk reads from the contract's namespace, by the name it exports them under. */
const PACKAGES_FROM_CONTRACT = { react: "React", "react/jsx-runtime": "jsxRuntime" };

/** Names this build: a chunk from another one (a stale cached file) refuses to run on the widget. */
function buildIdOf(files) {
  const hash = createHash("sha256");
  for (const file of files.sort()) if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  return hash.digest("hex").slice(0, 12);
}
const sources = readdirSync("src", { recursive: true }).map((file) => path.join("src", file));
const BUILD_ID = buildIdOf(["build.mjs", "shipped-files.mjs", "package-lock.json", ...sources]);
/** Built with this in its place, then written in: the minifier's names follow the characters of the input, the id's too. */
const ID_SLOT = "qa:build:id:";

const common = { ...SHIPPED_BUILD_OPTIONS, metafile: true };

/** `quote-assistant:build`: the build id, for the widget and every file that registers with it. */
const buildIdModule = {
  name: "build-id",
  setup(b) {
    b.onResolve({ filter: /^quote-assistant:build$/ }, (args) => ({ path: args.path, namespace: "virtual" }));
    b.onLoad({ filter: /.*/, namespace: "virtual" }, () => ({ contents: `export const buildId = ${JSON.stringify(ID_SLOT)};`, loader: "js" }));
  },
};

/** r2wc's react-dom client initialised on first use (src/element/react-dom-on-first-use.ts). */
const reactDomOnFirstUse = {
  name: "react-dom-on-first-use",
  setup(b) {
    b.onResolve({ filter: /^react-dom\/client$/ }, (args) =>
      /@r2wc/.test(args.importer) ? { path: path.join(ROOT, "src/element/react-dom-on-first-use.ts") } : undefined,
    );
  },
};

/** The widget's imports of React and its JSX runtime, through one ES namespace each (src/element/react-once.ts). */
const ONCE = { react: "src/element/react-once.ts", "react/jsx-runtime": "src/element/jsx-runtime-once.ts" };
const reactOnce = {
  name: "react-once",
  setup(b) {
    const shims = new Set(Object.values(ONCE).map((file) => path.join(ROOT, file)));
    b.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.kind === "import-statement" && !shims.has(args.importer) ? { path: path.join(ROOT, ONCE[args.path]) } : undefined,
    );
  },
};

/** A chunk's side of the contract: the module, and the packages it carries, read from the widget. */
const readFromWidget = {
  name: "read-from-widget",
  setup(b) {
    const registry = JSON.stringify(path.join(ROOT, "src/lazy/shared-registry.ts"));
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind === "entry-point" || args.pluginData === "resolving") return undefined;
      if (Object.hasOwn(PACKAGES_FROM_CONTRACT, args.path)) return { path: args.path, namespace: "from-widget" };
      if (!/^[./]/.test(args.path)) return undefined;
      const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: "resolving" });
      const key = path.relative(ROOT, found.path).split(path.sep).join("/");
      return CONTRACT_PARTS.has(key) ? { path: CONTRACT, namespace: "from-widget" } : found;
    });
    b.onLoad({ filter: /.*/, namespace: "from-widget" }, ({ path: key }) => {
      const member = key === CONTRACT ? "" : `.${PACKAGES_FROM_CONTRACT[key]}`;
      return { contents: `module.exports = require(${registry}).readShared(${JSON.stringify(ID_SLOT)})${member};`, loader: "js", resolveDir: ROOT };
    });
  },
};

/** `quote-assistant:language` in a language's file: that language's tree, src/i18n/<lang>/index.ts. */
const languageModule = (lang) => ({ name: "language", setup: (b) => b.onResolve({ filter: /^quote-assistant:language$/ }, () => ({ path: path.join(ROOT, "src/i18n", lang, "index.ts") })) });

/** `quote-assistant:text-consent` in the consent box's file: each language's src/i18n/<lang>/text-consent.ts. */
const textConsentModule = {
  name: "text-consent",
  setup(b) {
    b.onResolve({ filter: /^quote-assistant:text-consent$/ }, (args) => ({ path: args.path, namespace: "consent" }));
    b.onLoad({ filter: /.*/, namespace: "consent" }, () => {
      const langs = Object.keys(LANGUAGES);
      const imports = langs.map((lang, i) => `import { textConsent as w${i} } from ${JSON.stringify(path.join(ROOT, "src/i18n", lang, "text-consent.ts"))};`);
      return { contents: `${imports.join("\n")}\nexport const words = { ${langs.map((lang, i) => `${JSON.stringify(lang)}: w${i}`).join(", ")} };`, loader: "js", resolveDir: ROOT };
    });
  },
};

/** esbuild's options for one row of the table. */
function optionsFor({ file, entry, name, shares, sourcemap, loadedBy, language, textFiles }) {
  const options = { ...common, entryPoints: [entry], outfile: `dist/${file}`, sourcemap };
  if (textFiles) options.loader = Object.fromEntries(textFiles.map((ext) => [ext, "text"]));
  options.plugins = shares === "contract" ? [readFromWidget, buildIdModule] : [buildIdModule, textConsentModule];
  if (language) options.plugins.push(languageModule(language));
  // V8's explicit compile hint (issue 35): the widget's functions compile while its preload
  // streams, off the main thread, rather than one by one on the main thread when its first run
  // calls them (at 4x CPU that run took 200 ms, 51 ms with the hint). Only the widget, which
  // the loader runs as soon as the page is idle; react-dom's client starts with the first root.
  if (shares === "widget") {
    options.banner = { js: "//# allFunctionsCalledOnLoad" };
    options.plugins.push(reactDomOnFirstUse, reactOnce, kyWithoutStreamProbe);
  }
  // A file the widget loads later (another build's, a missing module) must not throw into the
  // host page: the widget sees it did not register and tells the visitor.
  if (loadedBy === "widget") {
    options.banner = { js: '"use strict";try{' };
    options.footer = { js: `}catch(e){console.error(${JSON.stringify(`[quote-assistant] ${name} could not start`)},e)}` };
  }
  return options;
}

const results = await Promise.all(SHIPPED_FILES.map((row) => build(optionsFor(row))));
const widgetInputs = results[SHIPPED_FILES.findIndex((row) => row.shares === "widget")].metafile.inputs;

// The stylesheets of the console (dist/console.css, served at /console/ beside its script, a row
// of the table) and of the measuring tool (served at /measure/measure-tool.css).
const cssOptions = { ...common, metafile: false, outdir: "dist" };
await build({ ...cssOptions, entryPoints: { console: "src/console/console.css" } });
await build({ ...cssOptions, entryPoints: { "measure-tool": "src/measure-tool/measure-tool.css" } });

SHIPPED_FILES.forEach((row, i) => {
  const inputs = Object.keys(results[i].metafile.inputs);
  if (row.shares === "contract") {
    // A module in both files: the chunk must take it through the contract (src/lazy/ holds the link itself).
    const copies = inputs.filter((input) => input in widgetInputs && !/^(src\/lazy\/|virtual:|from-widget:)/.test(input));
    if (copies.length > 0) {
      throw new Error(
        `dist/${row.file} would bundle its own copy of ${copies.join(", ")}: import what it uses from ${CONTRACT} ` +
          "(exported there if it is not yet), or, for the widget's state and element, pass it through QuoteModalActions " +
          "(src/state/quote-modal-actions.ts) or the chunk's props",
      );
    }
  }
  if (row.mustNotBundle) {
    // E.g. the language file carries words and pure helpers, never React or the state (a stray
    // import would make every Spanish visitor download a second copy of the widget); the widget
    // carries nothing of ServMan's chapter.
    const heavy = inputs.filter((input) => new RegExp(row.mustNotBundle).test(input));
    if (heavy.length > 0) throw new Error(`dist/${row.file} would bundle ${heavy.join(", ")}: ${row.mustNotBundleReason}`);
  }
});

writeFileSync(`dist/${BUILD_ID_FILE}`, BUILD_ID);
for (const { file } of SHIPPED_FILES) writeFileSync(`dist/${file}`, readFileSync(`dist/${file}`, "utf8").replaceAll(ID_SLOT, BUILD_ID));
// A page's enumerable Object.prototype keys must not reach esbuild's namespace helper (scripts/own-keys-only.mjs).
for (const file of SHIPPED_FILES.map((row) => row.file)) {
  const { code, insertions } = guardExportHelpers(readFileSync(`dist/${file}`, "utf8"));
  const left = unguardedGetters(code);
  if (left.length > 0) throw new Error(`dist/${file}: a for...in walk defines getters from inherited keys too (polluted pages break): ${left.join(" | ")}; scripts/own-keys-only.mjs must learn this shape`);
  if (insertions.length === 0) continue;
  writeFileSync(`dist/${file}`, code);
  const mapFile = `dist/${file}.map`;
  if (!existsSync(mapFile)) continue;
  const map = JSON.parse(readFileSync(mapFile, "utf8"));
  writeFileSync(mapFile, JSON.stringify({ ...map, mappings: shiftMappings(map.mappings, insertions) }));
}
// Each file also compressed, as the servers send it to a browser that accepts it
// (server/static-files.ts): brotli at quality 11, gzip at level 9, written last so that no
// copy is older than its file.
for (const { file } of SHIPPED_FILES) {
  const bytes = readFileSync(`dist/${file}`);
  writeFileSync(`dist/${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
  writeFileSync(`dist/${file}.gz`, gzipSync(bytes, { level: 9 }));
}
for (const { file, budget } of SHIPPED_FILES) {
  const s = measureFile(`dist/${file}`);
  const over = s.brotli > budget ? `  over its budget of ${budget} B (shipped-files.mjs)` : "";
  console.log(`dist/${file.padEnd(32)} ${String(s.raw).padStart(8)} B raw ${String(s.gzip).padStart(7)} B gzip ${String(s.brotli).padStart(7)} B brotli${over}`);
}
