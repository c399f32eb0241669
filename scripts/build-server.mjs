// Compiles the production server for `npm run serve`: server/production/serve.ts and its two
// command-line tools to plain JavaScript in dist-server/ (ES modules for Node, one file each,
// packages left as imports of node_modules). What they import at run time is then only what
// package.json lists under "dependencies", so `npm ci --omit=dev` installs all of it, and the
// server starts without transpiling TypeScript. The widget's files are built by build.mjs into
// dist/, which is public (served at /dist/, or copied to a CDN): the server's code stays out of it.
import { build } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The output name (dist-server/<name>.mjs) of each entry. */
export const SERVER_ENTRIES = {
  serve: "server/production/serve.ts",
  migrate: "server/db/migrate-main.ts",
  "admin-token": "server/db/admin-token-main.ts",
};

export async function buildServer() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: "dist-server",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    legalComments: "none",
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
