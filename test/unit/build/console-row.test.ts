// The console, dist/console.js, is a row of the shipped-files table (issue 36): build.mjs builds,
// checks and measures it like every other file, the bench holds it to its budget, and the widget
// origin does not serve it (the console's routes do, at /console/). Its row refuses the widget's
// state, runtime, calls and views; proved here on the console's own module graph (esbuild's
// metafile, bundled as build.mjs bundles it).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SHIPPED_FILES, SHIPPED_NAMES } from "../../../shipped-files.mjs";
import { bundleInputs } from "./bundle-inputs.ts";

const row = SHIPPED_FILES.find((file) => file.file === "console.js");

describe("the console is a row of the shipped files", () => {
  test("its row: its entry, its own page, a budget, sharing nothing", () => {
    assert.equal(row?.entry, "src/console/main.tsx");
    assert.equal(row.loadedBy, "console");
    assert.equal(row.shares, "nothing");
    assert.ok(row.budget > 0 && row.reason.length > 0);
  });

  test("the widget origin does not serve it; it still serves the widget's files", () => {
    assert.ok(!SHIPPED_NAMES.includes("console.js"));
    assert.ok(SHIPPED_NAMES.includes("quote-assistant.js") && SHIPPED_NAMES.includes("measure-tool.js"));
  });

  test("its pattern refuses the widget's state, runtime, calls and views, not the shared looks or the contract", () => {
    const refused = new RegExp(row!.mustNotBundle!);
    for (const input of ["src/state/atoms.ts", "src/flow/engine.ts", "src/api/client.ts", "src/ui/chat/chat.tsx", "src/element/app.tsx", "node_modules/jotai/index.js"]) {
      assert.ok(refused.test(input), `${input} refused`);
    }
    for (const input of ["src/ui/shared/theme.ts", "src/contract/lawn-outline.ts", "src/i18n/en/console.ts", "src/console/shell/app.tsx", "node_modules/react/index.js"]) {
      assert.ok(!refused.test(input), `${input} allowed`);
    }
  });

  test("the console's modules pass its pattern", async () => {
    const inputs = await bundleInputs(row!.entry, row!.textFiles);
    assert.ok(inputs.includes("src/console/shell/app.tsx") && inputs.includes("docs/install.md"), "the console's graph was read");
    assert.deepEqual(inputs.filter((input) => new RegExp(row!.mustNotBundle!).test(input)), []);
  });
});
