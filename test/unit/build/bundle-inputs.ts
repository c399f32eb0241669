// The modules an entry's bundle reads, as build.mjs's metafile names them (bundled as build.mjs
// bundles a shipped file, nothing written): what the build tests hold to a row's patterns.
import { build, type Metafile, type Plugin } from "esbuild";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** `quote-assistant:build`, the build id build.mjs provides, as a fixed text. */
const buildId: Plugin = {
  name: "build-id",
  setup(b) {
    b.onResolve({ filter: /^quote-assistant:build$/ }, (args) => ({ path: args.path, namespace: "virtual" }));
    b.onLoad({ filter: /.*/, namespace: "virtual" }, () => ({ contents: 'export const buildId = "test";', loader: "js" }));
  },
};

/** Every input of `entry`'s bundle (paths from the repository's root); `textFiles` bundled as text, as its row says. */
export async function bundleInputs(entry: string, textFiles: readonly string[] = []): Promise<string[]> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "iife",
    jsx: "automatic",
    metafile: true,
    logLevel: "silent",
    plugins: [buildId],
    loader: Object.fromEntries(textFiles.map((ext) => [ext, "text" as const])),
  });
  return Object.keys((result.metafile as Metafile).inputs);
}
