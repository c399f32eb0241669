// ky without its request-stream probe (issue 35), an esbuild plugin of the widget's build
// (build.mjs). ky's module scope builds a Request with a ReadableStream body to learn whether
// the browser takes `duplex`: the page's first stream, 2-5 ms of the bundle's first run at 4x
// CPU (CPU profiles of the run). The answer serves stream bodies and upload progress, neither of
// which the widget uses (its bodies are text, src/api/client.ts). The build fails when ky's file
// no longer has the probe, so that an upgrade cannot drop this silently.
import { readFileSync } from "node:fs";

const CONSTANTS = /[\\/]ky[\\/]distribution[\\/]core[\\/]constants\.js$/;
const PROBE = /export const supportsRequestStreams = \(\(\) => \{[\s\S]*?\n\}\)\(\);/;

/** @type {import("esbuild").Plugin} */
export const kyWithoutStreamProbe = {
  name: "ky-without-stream-probe",
  setup(b) {
    b.onLoad({ filter: CONSTANTS }, (args) => {
      const source = readFileSync(args.path, "utf8");
      if (!PROBE.test(source)) throw new Error(`ky's request-stream probe is not in ${args.path}: see scripts/ky-without-stream-probe.mjs`);
      return { contents: source.replace(PROBE, "export const supportsRequestStreams = false;"), loader: "js" };
    });
  },
};
