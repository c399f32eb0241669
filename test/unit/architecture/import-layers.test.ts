// Who may import whom, one rule per tree, since there is no linter (issues 28 and 36):
//   contract     src/contract: the wires' schemas and types (widget, console and server share
//                them). Itself, the pure core, valibot; nothing of the browser.
//   widget       the rest of src/ in five layers, each importing only itself and the layers
//                before it: 1. pure core (src/flow, src/pricing, src/address, src/config,
//                src/schema, src/json, src/i18n; with src/contract), 2. side effects (src/api,
//                src/bridge, src/payments, src/storage, src/measure-tool; network, frames,
//                scripts, localStorage; ky, Stripe), 3. state (src/state; jotai), 4. ui (src/ui,
//                src/lazy; React), 5. element (src/element, src/main.ts). `import type` may name
//                a type of any layer below ui. A package counts as the first layer allowed it.
//                Never the console.
//   console      src/console, the company's console, its own app (its own row of
//                shipped-files.mjs): itself, the contract, the pure core but the conversation's
//                runtime (src/flow), the shared UI (src/ui/shared) and docs' text; of the
//                packages React, ky and valibot; never the widget's state, flow, calls or views,
//                Jotai or Stripe.
//   loader       loader/: itself, the pure core and the looks and names it paints with
//                (LOADER_SHARED); no package, nor anything that loads one (every visitor pays it).
//   server       server/: itself, the contract and the pure core; what it loads (every file
//                reached through imports that are not `import type`) holds nothing else, no
//                browser package, and touches no `document` or `window`.
//   demo-site    demo-site/: the demo's pages and stand-ins; may compose server/ and src/ up to
//                its side effects (not the widget's API client), never the state, views or console.
//   test helpers test/'s files that are not tests: never a test file (importing one runs it).
// src/ and loader/ import neither server/ nor demo-site/; only the demo imports server/, and
// nothing but the demo imports demo-site/; no product tree imports test/.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { domGlobalUses, importsOf, loadedBy, packageOf, read, sourceFiles, targetOf } from "./import-graph.ts";

export { importsOf };

const LAYERS = ["pure core", "side effects", "state", "ui", "element"] as const;
type Layer = 0 | 1 | 2 | 3 | 4;

const PURE_CORE = ["flow", "pricing", "address", "config", "schema", "json", "i18n"];
const FOLDERS: Record<string, Layer> = {
  ...Object.fromEntries(PURE_CORE.map((folder) => [folder, 0 as Layer])),
  contract: 0,
  api: 1,
  bridge: 1,
  payments: 1,
  storage: 1,
  "measure-tool": 1,
  state: 2,
  ui: 3,
  lazy: 3,
  element: 4,
  "main.ts": 4,
};
const PACKAGES: Record<string, Layer> = { valibot: 0, ky: 1, "@stripe/stripe-js": 1, jotai: 2, react: 3, "react-dom": 3 };
const BROWSER_PACKAGES = ["ky", "react", "react-dom", "jotai", "@stripe/stripe-js", "@r2wc/react-to-web-component"];
/** The packages the console may use: its own React, its API client, the contract's schemas. */
const CONSOLE_PACKAGES = ["react", "react-dom", "ky", "valibot"];
/** What the console may import beside itself: the contract, the pure core but the flow's runtime, the shared looks. */
const isConsoleAllowed = (path: string) =>
  path.startsWith("src/console/") || ((isContractOrCore(path) || path.startsWith("src/ui/shared/")) && !path.startsWith("src/flow/"));
/** What the loader paints with, shared with the widget so that its bubble and first frame look the same. */
const LOADER_SHARED = ["src/ui/shared/bubble-look.ts", "src/ui/shared/window-look.ts", "src/ui/shared/theme.ts", "src/element/tag-names.ts"];

type Tree = "contract" | "widget" | "console" | "loader" | "server" | "demo-site" | "test";

function treeOf(path: string): Tree | undefined {
  const [top, folder] = path.split("/");
  if (top === "src") return folder === "contract" ? "contract" : folder === "console" ? "console" : "widget";
  if (top === "loader" || top === "server" || top === "demo-site") return top;
  if (top === "test") return "test";
  return undefined;
}

const isPureCore = (path: string) => path.startsWith("src/") && PURE_CORE.includes(path.split("/")[1]!);
const isContractOrCore = (path: string) => path.startsWith("src/contract/") || isPureCore(path);
/** A table at the repository's root (shipped-files.mjs): data the build and the server both read. */
const isRootTable = (path: string) => !path.includes("/") && path.endsWith(".mjs");

/** The widget's layer of a file (a path from the root), or undefined outside them. */
export function layerOfFile(path: string): Layer | undefined {
  const parts = path.split("/");
  if (parts[0] === "loader") return 1;
  if (parts[0] !== "src") return undefined;
  return FOLDERS[parts[1] ?? ""];
}

/** What is wrong with one import of a file of `tree`, or undefined. */
function problemOf(tree: Tree, path: string, specifier: string, typeOnly: boolean): string | undefined {
  if (!specifier.startsWith(".")) {
    const name = packageOf(specifier);
    if (tree === "contract" && !typeOnly && BROWSER_PACKAGES.includes(name)) return `${path} (contract) imports the browser package ${name}`;
    if (tree === "server" && !typeOnly && BROWSER_PACKAGES.includes(name)) return `${path} (server) imports the browser package ${name}`;
    if (tree === "loader" && !specifier.startsWith("node:")) return `${path} (loader) imports the package ${name}`;
    if (tree === "console" && !typeOnly && !CONSOLE_PACKAGES.includes(name)) return `${path} (console) imports the package ${name}: only ${CONSOLE_PACKAGES.join(", ")}`;
    if (tree === "widget") {
      const from = layerOfFile(path);
      const to = PACKAGES[name];
      if (from !== undefined && to !== undefined && to > from && !(typeOnly && to < 3)) return `${path} (${LAYERS[from]}) imports ${name} (${LAYERS[to]})`;
    }
    return undefined;
  }
  const target = targetOf(path, specifier);
  const to = treeOf(target);
  if (to === undefined) {
    // The console's Install page carries docs' text; the server and the demo read the root's tables (shipped-files.mjs).
    const fine = tree === "test" || (tree === "console" && target.startsWith("docs/")) || ((tree === "server" || tree === "demo-site") && isRootTable(target));
    return fine ? undefined : `${path} (${tree}) imports ${target}, outside the trees`;
  }
  if (to === "demo-site" && tree !== "demo-site" && tree !== "test") return `${path} (${tree}) imports ${target}: nothing but the demo may import demo-site/`;
  if (to === "server" && tree !== "server" && tree !== "demo-site" && tree !== "test") return `${path} (${tree}) imports ${target}: only the demo may import server/`;
  if (to === "test" && tree !== "test") return `${path} (${tree}) imports ${target}: no product tree imports test/`;
  switch (tree) {
    case "contract":
      return isContractOrCore(target) ? undefined : `${path} (contract) imports ${target}: only the contract and the pure core`;
    case "console":
      return isConsoleAllowed(target) ? undefined : `${path} (console) imports ${target}: only the console, the contract, the pure core but src/flow, and src/ui/shared`;
    case "loader":
      return to === "loader" || isPureCore(target) || LOADER_SHARED.includes(target) ? undefined : `${path} (loader) imports ${target}: only loader/, the pure core and ${LOADER_SHARED.join(", ")}`;
    case "server":
      return to === "server" || isContractOrCore(target) ? undefined : `${path} (server) imports ${target}: only server/, the contract and the pure core`;
    case "demo-site": {
      if (typeOnly || to !== "widget") return to === "console" ? `${path} (demo-site) imports the console's ${target}` : undefined;
      const layer = layerOfFile(target);
      return layer === undefined || layer > 1 || target === "src/api/client.ts" ? `${path} (demo-site) imports ${target} (${layer === undefined ? "outside the layers" : LAYERS[layer]})` : undefined;
    }
    case "test":
      return /\.test\.tsx?$/.test(target) && !/\.test\.tsx?$/.test(path) ? `${path} (a test helper) imports the test file ${target}` : undefined;
    case "widget": {
      if (to === "console") return `${path} (widget) imports the console's ${target}`;
      const from = layerOfFile(path);
      const layer = layerOfFile(target);
      if (from === undefined || layer === undefined || layer <= from || (typeOnly && layer < 3)) return undefined;
      return `${path} (${LAYERS[from]}) imports ${target} (${LAYERS[layer]})`;
    }
  }
}

/** What is wrong with one file's imports, by the rule of its tree. */
export function forbiddenImports(path: string, source: string): string[] {
  const tree = treeOf(path);
  if (tree === undefined) return [];
  return importsOf(source).flatMap(({ specifier, typeOnly }) => problemOf(tree, path, specifier, typeOnly) ?? []);
}

const TREES = ["src", "loader", "server", "demo-site", "test"];
const SERVER_FILES = sourceFiles("server");

describe("one rule per tree: contract, widget, console, loader, server, demo-site, test helpers", () => {
  test("no file of any tree imports against its tree's rule", () => {
    const files = TREES.flatMap((tree) => sourceFiles(tree));
    for (const tree of ["contract", "widget", "console", "loader", "server", "demo-site", "test"]) {
      assert.ok(files.some((file) => treeOf(file) === tree), `${tree} read`);
    }
    assert.ok(files.length > 700, `the trees read (${files.length} files)`);
    assert.deepEqual(files.flatMap((path) => forbiddenImports(path, read(path))), []);
  });

  test("what the server loads is server/, the contract and the pure core, and no browser package", () => {
    const loaded = loadedBy(SERVER_FILES);
    const problems: string[] = [];
    for (const [path, by] of loaded) {
      if (!path.startsWith("server/") && !isContractOrCore(path) && !isRootTable(path)) problems.push(`${path} (loaded by ${by})`);
      for (const { specifier, typeOnly } of importsOf(read(path))) {
        if (!typeOnly && !specifier.startsWith(".") && BROWSER_PACKAGES.includes(packageOf(specifier))) problems.push(`${path} loads ${packageOf(specifier)}`);
      }
    }
    assert.ok([...loaded.keys()].filter((path) => path.startsWith("src/contract/")).length > 20, "the contract is among what the server loads");
    assert.deepEqual(problems, []);
  });

  test("nothing the server loads touches document or window", () => {
    const loaded = [...loadedBy(SERVER_FILES).keys()];
    assert.deepEqual(loaded.flatMap((path) => domGlobalUses(path, read(path))), []);
  });

  test("what the console loads is the console, the contract, the pure core but the flow, the shared looks and docs' text", () => {
    const loaded = loadedBy(sourceFiles("src/console"));
    assert.ok(loaded.has("src/contract/console.ts") && loaded.has("src/i18n/console-words.ts"), "the console's contract and words are among what it loads");
    const problems = [...loaded].flatMap(([path, by]) => [
      ...(isConsoleAllowed(path) || path.startsWith("docs/") ? [] : [`${path} (loaded by ${by})`]),
      ...importsOf(read(path)).flatMap(({ specifier, typeOnly }) => (typeOnly || specifier.startsWith(".") || CONSOLE_PACKAGES.includes(packageOf(specifier)) ? [] : [`${path} loads ${specifier}`])),
    ]);
    assert.deepEqual(problems, []);
  });

  test("what the loader loads is loader/, the pure core and what it paints with, and no package", () => {
    const loaded = loadedBy(sourceFiles("loader"));
    const problems = [...loaded].flatMap(([path, by]) => [
      ...(path.startsWith("loader/") || isPureCore(path) || LOADER_SHARED.includes(path) ? [] : [`${path} (loaded by ${by})`]),
      ...importsOf(read(path)).flatMap(({ specifier, typeOnly }) => (typeOnly || specifier.startsWith(".") ? [] : [`${path} loads ${specifier}`])),
    ]);
    assert.deepEqual(problems, []);
  });

  const wrong: Array<[string, string, string]> = [
    ["the contract importing a call", "src/contract/x.ts", 'import { createApiClient } from "../api/client.ts";'],
    ["the contract importing ky", "src/contract/x.ts", 'import ky from "ky";'],
    ["the pure core importing the state", "src/flow/x.ts", 'import { flowStateAtom } from "../state/atoms.ts";'],
    ["the pure core importing a side effect", "src/pricing/x.ts", 'import { createApiClient } from "../api/client.ts";'],
    ["the state importing a view, over lines", "src/state/x.ts", 'import {\n  WIDGET_CSS,\n} from "../ui/styles.ts";'],
    ["a view importing the element", "src/ui/chat/x.tsx", 'export { App } from "../../element/app.tsx";'],
    ["a side effect importing the state lazily", "src/api/x.ts", 'const m = await import("../state/atoms.ts");'],
    ["the pure core using React", "src/flow/x.ts", 'import { useState } from "react";'],
    ["a type of the ui in the state", "src/state/x.ts", 'import type { QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";'],
    ["the widget importing the console", "src/ui/x.tsx", 'import { pages } from "../console/pages.tsx";'],
    ["the console importing the widget's state", "src/console/x.tsx", 'import { flowStateAtom } from "../state/atoms.ts";'],
    ["the console importing the widget's calls", "src/console/x.ts", 'import { startQuote } from "../api/quote-start.ts";'],
    ["the console importing the conversation's runtime", "src/console/inbox/x.tsx", 'import { answerStep } from "../../flow/engine.ts";'],
    ["the console importing Jotai", "src/console/x.tsx", 'import { atom } from "jotai";'],
    ["the loader importing the widget's state", "loader/x.ts", 'import { flowStateAtom } from "../src/state/atoms.ts";'],
    ["the loader importing a package", "loader/x.ts", 'import * as v from "valibot";'],
    ["the server importing a call", "server/api/x.ts", 'import { searchAddresses } from "../../src/api/geomap.ts";'],
    ["the server importing a payment module", "server/x.ts", 'import { loadScriptOnce } from "../src/payments/load-script.ts";'],
    ["the server importing the widget's state", "server/x.ts", 'import { flowStateAtom } from "../src/state/atoms.ts";'],
    ["the server importing the loader", "server/x.ts", 'import { trustedScriptUrl } from "../loader/trusted-script-url.ts";'],
    ["the server importing demo-site/", "server/api/x.ts", 'import { ADDRESS_BOOK } from "../../demo-site/geo/address-book.ts";'],
    ["the server importing ky", "server/x.ts", 'import ky from "ky";'],
    ["src/ importing server/", "src/api/x.ts", 'import { apiError } from "../../server/api/api-error.ts";'],
    ["the loader importing demo-site/", "loader/x.ts", 'import { html } from "../demo-site/pages/html.ts";'],
    ["the demo importing the widget's views", "demo-site/x.ts", 'import { Bubble } from "../src/ui/bubble.tsx";'],
    ["the demo importing the widget's API client", "demo-site/x.ts", 'import { createApiClient } from "../src/api/client.ts";'],
    ["a test helper importing a test file", "test/unit/x.ts", 'import { importsOf } from "./architecture/import-layers.test.ts";'],
    ["the server importing a test helper", "server/x.ts", 'import { fixtures } from "../test/unit/fixtures.ts";'],
  ];
  for (const [name, path, source] of wrong) {
    test(`fails on ${name}`, () => {
      assert.equal(forbiddenImports(path, source).length, 1, source);
    });
  }

  const allowed: Array<[string, string, string]> = [
    ["the widget importing downward", "src/ui/x.tsx", 'import { steps } from "../flow/flow-graph.ts";'],
    ["the pure core importing itself", "src/flow/x.ts", 'import { guards } from "./guards.ts";'],
    ["the pure core naming the contract's types", "src/flow/x.ts", 'import type { ProgramType } from "../contract/program-types.ts";'],
    ["a call importing its contract", "src/api/x.ts", 'import { GeomapSchema } from "../contract/geomap.ts";'],
    ["the contract importing the pure core", "src/contract/x.ts", 'import { object } from "../schema/object-schemas.ts";'],
    ["the console importing the contract and shared UI", "src/console/x.tsx", 'import type { LawnOutline } from "../contract/lawn-outline.ts";\nimport { BRAND } from "../ui/shared/theme.ts";'],
    ["the console's client on ky and the contract's schemas", "src/console/api/x.ts", 'import ky from "ky";\nimport * as v from "valibot";\nimport { MeSchema } from "../../contract/console.ts";\nimport { CONSOLE_WORDS } from "../../i18n/console-words.ts";'],
    ["the loader importing its look", "loader/x.ts", 'import { BUBBLE_SIZE_PX } from "../src/ui/shared/bubble-look.ts";'],
    ["the server importing the contract and the pure core", "server/api/x.ts", 'import { GeomapSchema } from "../../src/contract/geomap.ts";\nimport { totals } from "../../src/pricing/totals.ts";'],
    ["the demo composing the server", "demo-site/server.ts", 'import { createWidgetOrigin } from "../server/widget-origin.ts";'],
    ["a test importing anything it tests", "test/unit/x.test.ts", 'import { startQuote } from "../../src/api/quote-start.ts";\nimport { helper } from "./helper.ts";'],
  ];
  for (const [name, path, source] of allowed) {
    test(`allows ${name}`, () => {
      assert.deepEqual(forbiddenImports(path, source), []);
    });
  }

  test("domGlobalUses: the page's globals in code, not in comments, strings or a local binding", () => {
    assert.equal(domGlobalUses("x.ts", "const lang = document.documentElement.lang;").length, 1);
    assert.equal(domGlobalUses("x.ts", "if (typeof window === 'undefined') {}").length, 1);
    assert.equal(domGlobalUses("x.ts", "const d = globalThis.document;").length, 1);
    assert.equal(domGlobalUses("x.ts", "// document.body\nconst s = `document.title`;").length, 0);
    assert.equal(domGlobalUses("x.ts", "const window = find();\nwindow.start;").length, 0);
    assert.equal(domGlobalUses("x.ts", "function send(document: Doc) { return document.body; }").length, 0);
  });
});
