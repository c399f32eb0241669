// The repository's root, found from this module's own place: the nearest folder above it with
// a package.json. The same answer from the sources (server/…) and from the compiled server
// (dist/server/serve.mjs, which `npm run serve` runs), so dist/, the fixtures and the default
// database file resolve alike from both.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT_DIR = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path under the repository's root, with a trailing separator for folders given one. */
export const fromRoot = (path: string): string => join(ROOT_DIR, path);
