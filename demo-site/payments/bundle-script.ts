// Browser scripts of the stand-in payment origins (card vault, Stripe stand-in, CRM frame):
// TypeScript bundled by esbuild on first request, once per process; a failed build is
// retried on the next request.
import { build } from "esbuild";

export function createScriptBundle(entry: string): () => Promise<string> {
  let script: Promise<string> | undefined;
  const bundle = async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: "iife",
      target: ["es2020"],
      minify: true,
      legalComments: "none",
      logLevel: "silent",
    });
    const output = result.outputFiles[0];
    if (!output) throw new Error(`esbuild produced nothing for ${entry}`);
    return output.text;
  };
  return () => {
    script ??= bundle().catch((error: unknown) => {
      script = undefined;
      throw error;
    });
    return script;
  };
}

export const SCRIPT_HEADERS = { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" } as const;
