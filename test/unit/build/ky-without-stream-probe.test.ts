// The widget's build takes ky's request-stream probe out (scripts/ky-without-stream-probe.mjs,
// issue 35): ky bundled with the plugin builds no Request with a stream body when it starts and
// never asks for `duplex`; the rest of ky is as it was; and a ky whose file has no such probe
// fails the build rather than shipping unpatched in silence.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, describe, test } from "node:test";
import { build, type Plugin } from "esbuild";
import { kyWithoutStreamProbe } from "../../../scripts/ky-without-stream-probe.mjs";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** ky's module bundled from `dir` (with or without the plugin), as text. */
async function bundleKy(plugins: Plugin[], dir = ROOT): Promise<string> {
  const result = await build({
    absWorkingDir: dir,
    stdin: { contents: 'import ky from "ky"; export default ky;', resolveDir: dir, loader: "js" },
    bundle: true,
    write: false,
    format: "esm",
    logLevel: "silent",
    plugins,
  });
  return result.outputFiles[0]!.text;
}

const temp = mkdtempSync(path.join(tmpdir(), "qa-ky-probe-"));
after(() => rmSync(temp, { recursive: true, force: true }));

describe("ky without its request-stream probe", () => {
  test("the probe is in ky as published, and out of it as the widget bundles it", async () => {
    const [plain, patched] = await Promise.all([bundleKy([]), bundleKy([kyWithoutStreamProbe])]);
    assert.match(plain, /empty\.invalid/, "ky as published probes with a stream body");
    assert.doesNotMatch(patched, /empty\.invalid|new globalThis\.ReadableStream\(\)/);
    assert.match(patched, /supportsRequestStreams = false/);
    // Only the probe went: the rest of ky is the same text.
    const withoutProbe = plain.replace(/var supportsRequestStreams = \(\(\) => \{[\s\S]*?\n\}\)\(\);/, "var supportsRequestStreams = false;");
    assert.notEqual(withoutProbe, plain);
    assert.equal(patched, withoutProbe);
  });

  test("a ky without that probe fails the build, naming the file", async () => {
    const core = path.join(temp, "node_modules/ky/distribution/core");
    mkdirSync(core, { recursive: true });
    writeFileSync(path.join(temp, "node_modules/ky/package.json"), JSON.stringify({ name: "ky", type: "module", main: "distribution/index.js" }));
    writeFileSync(path.join(temp, "node_modules/ky/distribution/index.js"), 'export { supportsRequestStreams as default } from "./core/constants.js";');
    writeFileSync(path.join(core, "constants.js"), "export const supportsRequestStreams = typeof ReadableStream === 'function';");
    await assert.rejects(bundleKy([kyWithoutStreamProbe], temp), /request-stream probe is not in .*constants\.js/);
  });
});
