// Builds the two shipped files: dist/quote-assistant.js (the React widget, one minified IIFE)
// and dist/loader.js (the no-dependency facade). Prints raw, gzip and brotli sizes.
import { build } from "esbuild";
import { mkdirSync, readFileSync } from "node:fs";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const watch = process.argv.includes("--watch");
mkdirSync("dist", { recursive: true });

const common = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  legalComments: "none",
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
};

await Promise.all([
  build({ ...common, entryPoints: ["src/main.ts"], outfile: "dist/quote-assistant.js", sourcemap: true, jsx: "automatic" }),
  build({ ...common, entryPoints: ["loader/snippet.ts"], outfile: "dist/loader.js", sourcemap: false }),
]);

export function measure(file) {
  const bytes = readFileSync(file);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

if (!watch) {
  for (const file of ["dist/loader.js", "dist/quote-assistant.js"]) {
    const s = measure(file);
    console.log(`${file.padEnd(26)} ${String(s.raw).padStart(8)} B raw ${String(s.gzip).padStart(7)} B gzip ${String(s.brotli).padStart(7)} B brotli`);
  }
}
