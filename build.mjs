// Builds the shipped files: dist/quote-assistant.js (the React widget, one minified IIFE),
// dist/quote-assistant-quote.js (the quote modal, checkout and payment adapters, which the
// widget loads while a visitor's prices are worked out) and dist/loader.js (the no-dependency
// facade). Prints raw, gzip and brotli sizes.
//
// The quote chunk runs on the widget's own modules: every module both files would contain
// (React, react-dom, ky, valibot, our pure modules...) stays in the widget alone, which shares
// exactly the exports the chunk uses through a registry (src/lazy/shared-registry.ts). Steps:
// the widget's module graph; the chunk bundled against marker stubs of those modules, whose
// markers left after tree shaking name the exports it uses; the widget, with a generated
// module that shares them; the chunk, with shims that read them from the registry.
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const watch = process.argv.includes("--watch");
const ROOT = path.dirname(fileURLToPath(import.meta.url));
process.chdir(ROOT);
mkdirSync("dist", { recursive: true });

const MAIN_ENTRY = "src/main.ts";
const QUOTE_ENTRY = "src/ui/quote-chunk/quote-chunk.tsx";
const QUOTE_OUT = "dist/quote-assistant-quote.js";
const SHARED_MODULES = "quote-assistant:shared-modules";
const CHUNK_LINK = "quote-assistant:chunk-link";
const REGISTRY_MODULE = path.join(ROOT, "src/lazy/shared-registry.ts");
/** Libraries with one instance per page: the chunk must never bundle a copy of its own. */
const SINGLE_INSTANCE = /(^|\/)node_modules\/(react|react-dom|scheduler|jotai|ky|valibot)\//;
/** Our stateful modules: a chunk gets their atoms, client and controller as props, not by import. */
const PROPS_ONLY = /^src\/(state|element)\//;
/** The linking code itself: each file has its own copy. */
const NEVER_SHARED = /^src\/lazy\//;

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  legalComments: "none",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
};

const relative = (file) => path.relative(ROOT, file).split(path.sep).join("/");
const isBare = (specifier) => !/^(\.|\/|[A-Za-z]:[\\/])/.test(specifier);
const marker = (key, name) => JSON.stringify(`qa-shared|${key}|${name}`);
const MARKER = /qa-shared\|([^|"]+)\|([\w$]+)/g;

/** Serves the generated module the widget's entry imports. */
function sharedModulesPlugin(source) {
  return {
    name: "shared-modules",
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${SHARED_MODULES}$`) }, () => ({ path: SHARED_MODULES, namespace: "shared-modules" }));
      b.onLoad({ filter: /.*/, namespace: "shared-modules" }, () => ({ contents: source, loader: "js", resolveDir: ROOT }));
    },
  };
}

/** The widget's modules: path → format ("esm", "cjs"), from its metafile. */
async function widgetGraph() {
  const result = await build({
    ...common,
    minify: false,
    entryPoints: [MAIN_ENTRY],
    jsx: "automatic",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [sharedModulesPlugin("export const linkId = ''; export const sharedModules = {};")],
  });
  if (relative(path.join(ROOT, QUOTE_ENTRY)) in result.metafile.inputs) {
    throw new Error(`${MAIN_ENTRY} reaches ${QUOTE_ENTRY}: import the chunk's types with \`import type\` only`);
  }
  return result.metafile.inputs;
}

/** The names an ES module exports, as esbuild sees them. */
async function exportsOf(file) {
  const result = await build({ entryPoints: [file], bundle: true, write: false, format: "esm", metafile: true, outdir: "out", jsx: "automatic", logLevel: "silent" });
  return Object.values(result.metafile.outputs).find((output) => output.entryPoint)?.exports ?? [];
}

/**
 * Sends the chunk's imports of the widget's modules to the registry. `stubs` mode serves
 * marker stubs (to learn the names used); link mode serves shims reading the registry.
 */
function linkToWidget(widget, mode, manifest = {}) {
  const seen = new Map();
  const plugin = {
    name: "link-to-widget",
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${CHUNK_LINK}$`) }, () => ({ path: CHUNK_LINK, namespace: "chunk-link" }));
      b.onLoad({ filter: /.*/, namespace: "chunk-link" }, () => ({
        contents: [
          `import { readSharedRegistry } from ${JSON.stringify(REGISTRY_MODULE)};`,
          `const registry = readSharedRegistry(${JSON.stringify(manifest.linkId)});`,
          "export function sharedModule(key) {",
          '  if (!(key in registry.modules)) throw new Error("[quote-assistant] the widget bundle does not share " + key);',
          "  return registry.modules[key];",
          "}",
        ].join("\n"),
        loader: "js",
        resolveDir: ROOT,
      }));
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === "entry-point" || args.namespace !== "file" || args.pluginData?.linking) return undefined;
        const found = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { linking: true } });
        if (found.errors.length > 0 || found.external || found.namespace !== "file") return undefined;
        const file = relative(found.path);
        if (!(file in widget) || NEVER_SHARED.test(file)) return undefined;
        if (PROPS_ONLY.test(file)) {
          return { errors: [{ text: `the quote chunk imports ${file}, which holds state: pass what it needs as props` }] };
        }
        const key = isBare(args.path) ? args.path : file;
        seen.set(key, { file: found.path, format: widget[file].format === "esm" ? "esm" : "cjs" });
        return { path: key, namespace: "shared" };
      });
      b.onLoad({ filter: /.*/, namespace: "shared" }, async ({ path: key }) => {
        const { file, format } = seen.get(key);
        if (mode === "stubs") {
          if (format === "cjs") return { contents: "module.exports = {};", loader: "js" };
          const names = await exportsOf(file);
          // `export { s as name }`: export names may be reserved words (valibot's `enum`).
          const lines = names.map((name, i) => `const s${i} = ${marker(key, name)}; export { s${i} as ${name} };`);
          return { contents: lines.join("\n"), loader: "js" };
        }
        // CommonJS (React): the module object itself, as the widget's require gave it.
        if (format === "cjs") return { contents: `module.exports = require(${JSON.stringify(CHUNK_LINK)}).sharedModule(${JSON.stringify(key)});`, loader: "js" };
        const names = manifest.modules[key]?.names ?? [];
        const lines = [`import { sharedModule } from ${JSON.stringify(CHUNK_LINK)};`, `const m = sharedModule(${JSON.stringify(key)});`];
        names.forEach((name, i) => lines.push(`const s${i} = m[${JSON.stringify(name)}]; export { s${i} as ${name} };`));
        return { contents: lines.join("\n"), loader: "js" };
      });
    },
  };
  return { plugin, seen };
}

/** Which of the widget's modules the chunk uses, and which of their exports. */
async function linkManifest(widget) {
  const { plugin, seen } = linkToWidget(widget, "stubs");
  const result = await build({ ...common, format: "esm", minify: false, entryPoints: [QUOTE_ENTRY], jsx: "automatic", write: false, metafile: true, plugins: [plugin] });
  const used = new Map([...seen.keys()].map((key) => [key, new Set()]));
  for (const [, key, name] of result.outputFiles[0].text.matchAll(MARKER)) used.get(key)?.add(name);
  const modules = {};
  for (const key of [...seen.keys()].sort()) {
    const { file, format } = seen.get(key);
    modules[key] = { file, format, names: format === "cjs" ? "*" : [...used.get(key)].sort() };
  }
  // The same sources and the same links give the same id; any change gives another.
  const hash = createHash("sha256").update(JSON.stringify(modules, (k, v) => (k === "file" ? relative(v) : v)));
  for (const file of new Set([...Object.keys(widget), ...Object.keys(result.metafile.inputs)].sort())) {
    if (!file.includes(":")) hash.update(file).update(readFileSync(file));
  }
  return { linkId: hash.digest("hex").slice(0, 12), modules };
}

/** The widget's generated module: the shared exports under their keys. */
function sharedModulesSource(manifest) {
  const imports = [];
  const entries = [];
  Object.entries(manifest.modules).forEach(([key, { file, names }], i) => {
    const from = JSON.stringify(file);
    if (names === "*") {
      imports.push(`import m${i} from ${from};`);
      entries.push(`${JSON.stringify(key)}: m${i}`);
      return;
    }
    if (names.length > 0) imports.push(`import { ${names.map((name, j) => `${name} as m${i}_${j}`).join(", ")} } from ${from};`);
    entries.push(`${JSON.stringify(key)}: Object.freeze({ ${names.map((name, j) => `${JSON.stringify(name)}: m${i}_${j}`).join(", ")} })`);
  });
  return [...imports, `export const linkId = ${JSON.stringify(manifest.linkId)};`, `export const sharedModules = Object.freeze({\n  ${entries.join(",\n  ")}\n});`].join("\n");
}

const widget = await widgetGraph();
const manifest = await linkManifest(widget);
const quoteLink = linkToWidget(widget, "link", manifest);

const [, quote] = await Promise.all([
  build({
    ...common,
    entryPoints: [MAIN_ENTRY],
    outfile: "dist/quote-assistant.js",
    sourcemap: true,
    jsx: "automatic",
    plugins: [sharedModulesPlugin(sharedModulesSource(manifest))],
  }),
  build({
    ...common,
    entryPoints: [QUOTE_ENTRY],
    outfile: QUOTE_OUT,
    sourcemap: true,
    jsx: "automatic",
    metafile: true,
    plugins: [quoteLink.plugin],
    // A chunk that cannot start (another build's, a missing module) must not throw into the
    // host page: the widget sees it did not register and tells the visitor.
    banner: { js: '"use strict";try{' },
    footer: { js: '}catch(e){console.error("[quote-assistant] the quote chunk could not start",e)}' },
  }),
  build({ ...common, entryPoints: ["loader/snippet.ts"], outfile: "dist/loader.js", sourcemap: false }),
]);

const copies = Object.keys(quote.metafile.inputs).filter((file) => SINGLE_INSTANCE.test(file));
if (copies.length > 0) throw new Error(`${QUOTE_OUT} bundles its own copy of ${copies.join(", ")}: it must use the widget's`);

export function measure(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

if (!watch) {
  for (const file of ["dist/loader.js", "dist/quote-assistant.js", QUOTE_OUT]) {
    const s = measure(file);
    console.log(`${file.padEnd(32)} ${String(s.raw).padStart(8)} B raw ${String(s.gzip).padStart(7)} B gzip ${String(s.brotli).padStart(7)} B brotli`);
  }
  const shared = Object.entries(manifest.modules).map(([key, { names }]) => (names === "*" ? key : `${key} (${names.length})`));
  console.log(`${QUOTE_OUT} uses the widget's ${shared.join(", ")}`);
}
