// The transfer sizes of a built file, for build.mjs's table and the bench (bench/sizes.ts): raw
// bytes, gzip level 9 and brotli quality 11. Compressed with the build id (12 hex characters in
// every file, a hash of the sources: build.mjs writes it to dist/.build-id) set to zeros: brotli's
// output moves by up to about 60 B with the id alone, so one build's luck would pass or fail a
// budget that a real change did not touch. (build.mjs writes the id in after esbuild has run, so
// that it does not change the minifier's names either: they follow the input's characters.)
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const BUILD_ID_FILE = ".build-id";

/** `file`'s sizes; the build id is read from the .build-id file beside it. */
export function measureFile(file) {
  const bytes = readFileSync(file);
  const idFile = path.join(path.dirname(file), BUILD_ID_FILE);
  const id = existsSync(idFile) ? readFileSync(idFile, "utf8").trim() : "";
  const stable = id ? Buffer.from(bytes.toString("latin1").split(id).join("0".repeat(id.length)), "latin1") : bytes;
  return {
    raw: bytes.length,
    gzip: gzipSync(stable, { level: 9 }).length,
    brotli: brotliCompressSync(stable, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
