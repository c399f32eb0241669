// The widget, dist/quote-assistant.js, carries nothing of ServMan's chapter (issue 29): its
// steps, guards, input kinds, English words, lists and dates, tasks, calls and views come with
// dist/quote-assistant-servman.js, which only a ServMan company's widget fetches. Proved on the
// widget's own module graph (esbuild's metafile, bundled as build.mjs bundles it) against
// shipped-files.mjs's SERVMAN_ONLY, which build.mjs enforces on every build; and that pattern
// is proved to name every module of the chapter's file but the widget's shared contract.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { SERVMAN_ONLY, SHIPPED_FILES } from "../../../shipped-files.mjs";
import { bundleInputs } from "./bundle-inputs.ts";

/** The source modules an entry's bundle reads. */
const modulesOf = async (entry: string): Promise<string[]> => (await bundleInputs(entry)).filter((input) => input.startsWith("src/"));

const servmanOnly = new RegExp(SERVMAN_ONLY);
let widget: string[];
let chapter: string[];
before(async () => {
  [widget, chapter] = await Promise.all([modulesOf("src/main.ts"), modulesOf("src/lazy/servman-chunk.ts")]);
});

describe("the widget carries nothing of ServMan's chapter", () => {
  test("build.mjs refuses ServMan's modules in the widget", () => {
    const row = SHIPPED_FILES.find((file) => file.shares === "widget");
    assert.equal(row?.mustNotBundle, SERVMAN_ONLY);
  });

  test("none of the widget's modules is ServMan's", () => {
    assert.ok(widget.includes("src/flow/engine.ts") && widget.includes("src/i18n/en/conversation.ts"), "the widget's graph was read");
    assert.deepEqual(widget.filter((input) => servmanOnly.test(input)), []);
  });

  test("ServMan's own modules are the chapter's modules the widget does not have, each named by the pattern", () => {
    const own = chapter.filter((input) => !widget.includes(input));
    for (const moved of ["src/flow/scheduling.ts", "src/flow/servman-guards.ts", "src/flow/inputs/calendar.ts", "src/flow/inputs/servman-choice.ts", "src/flow/inputs/call.ts", "src/i18n/en/servman.ts", "src/ui/scheduling/calendar-slot.tsx", "src/ui/scheduling/call-button.tsx"]) {
      assert.ok(own.includes(moved), `${moved} is the chapter's own`);
    }
    assert.deepEqual(own.filter((input) => !servmanOnly.test(input)), []);
  });
});
