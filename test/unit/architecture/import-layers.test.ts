// The import direction of src/, since there is no linter. Five layers, each importing only
// from itself and the layers before it:
//   1. pure core     src/flow, src/pricing, src/address, src/config, src/schema, src/json, src/i18n
//                    (plain functions and data; valibot only)
//   2. side effects  src/api, src/bridge, src/payments, src/storage, and loader/ outside src
//                    (network, frames, scripts, localStorage; ky, Stripe)
//   3. state         src/state (the store and the conversation runner; jotai)
//   4. ui            src/ui, src/lazy (React views, and the quote chunk they load; react)
//   5. element       src/element, src/main.ts (the custom element and the host page's API)
// Outside src/, three trees (issue 28): server/ (the product backend) may import itself and
// src/'s pure core and wire contract (src/api's schemas), never demo-site/; demo-site/ (the demo: host pages and
// stand-ins) may import server/ and src/ up to its side effects (server/ the same, as long as
// what it loads pulls in no browser library: checked through every import it follows); src/ and loader/ import
// neither backend tree.
// `import type` is erased by the build and may name a type of any layer below ui (the pure
// core's data shapes are declared with their API schemas in src/api). A package counts as
// the first layer allowed to use it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, test } from "node:test";

const ROOT = resolve(import.meta.dirname, "../../..");
const LAYERS = ["pure core", "side effects", "state", "ui", "element"] as const;
type Layer = 0 | 1 | 2 | 3 | 4;

const FOLDERS: Record<string, Layer> = {
  i18n: 0,
  flow: 0,
  pricing: 0,
  address: 0,
  config: 0,
  schema: 0,
  contract: 0,
  json: 0,
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

/** The layer of a file (a path from the repository's root), or undefined outside src/ and loader/. */
export function layerOfFile(path: string): Layer | undefined {
  const parts = path.split("/");
  if (parts[0] === "loader") return 1;
  if (parts[0] !== "src") return undefined;
  return FOLDERS[parts[1] ?? ""];
}

function layerOfPackage(specifier: string): Layer | undefined {
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
  return PACKAGES[name];
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"/gms;
  for (const m of source.matchAll(statement)) found.push({ specifier: m[4]!, typeOnly: !!m[2] });
  for (const m of source.matchAll(/^\s*import\s+"([^"]+)"/gm)) found.push({ specifier: m[1]!, typeOnly: false });
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push({ specifier: m[1]!, typeOnly: false });
  return found;
}

/** What is wrong with one file's imports. */
export function forbiddenImports(path: string, source: string): string[] {
  const from = layerOfFile(path);
  if (from === undefined) return [];
  const problems: string[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    let to: Layer | undefined;
    let target = specifier;
    if (specifier.startsWith(".")) {
      target = relative(ROOT, resolve(ROOT, dirname(path), specifier));
      to = layerOfFile(target);
    } else {
      to = layerOfPackage(specifier);
    }
    if (to === undefined || to <= from) continue;
    if (typeOnly && to < 3) continue;
    problems.push(`${path} (${LAYERS[from]}) imports ${target} (${LAYERS[to]})`);
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Where a path from the root lives, for the tree rules. */
function treeOf(path: string): "src" | "loader" | "server" | "demo-site" | undefined {
  const top = path.split("/")[0];
  return top === "src" || top === "loader" || top === "server" || top === "demo-site" ? top : undefined;
}

const BROWSER_PACKAGES = ["ky", "react", "react-dom", "jotai", "@stripe/stripe-js", "@r2wc/react-to-web-component"];

/** What is wrong with one file's imports across the trees (src/, loader/, server/, demo-site/). */
export function forbiddenTreeImports(path: string, source: string): string[] {
  const from = treeOf(path);
  if (from === undefined) return [];
  const problems: string[] = [];
  for (const { specifier, typeOnly } of importsOf(source)) {
    if (!specifier.startsWith(".")) {
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
      if (from === "server" && !typeOnly && BROWSER_PACKAGES.includes(name)) problems.push(`${path} (server) imports the browser package ${name}`);
      continue;
    }
    const target = relative(ROOT, resolve(ROOT, dirname(path), specifier));
    const to = treeOf(target);
    if (to === undefined || to === from) continue;
    if (to === "demo-site") problems.push(`${path} (${from}) imports ${target}: nothing but the demo may import demo-site/`);
    else if (to === "server" && from !== "demo-site") problems.push(`${path} (${from}) imports ${target}: only the demo may import server/`);
    else if (to === "src" && (from === "server" || from === "demo-site") && !typeOnly) {
      const layer = layerOfFile(target);
      if (layer === undefined || layer > 1 || target === "src/api/client.ts") problems.push(`${path} (${from}) imports ${target} (${layer === undefined ? "outside the layers" : LAYERS[layer]})`);
    }
  }
  return problems;
}

describe("the trees: server/ never imports demo-site/", () => {
  test("no file of server/, demo-site/, src/ or loader/ imports across the trees against the rules", () => {
    const files = ["server", "demo-site", "src", "loader"].flatMap(sourceFiles);
    assert.ok(files.filter((f) => f.startsWith("server/")).length > 40, "server/ read");
    const problems = files.flatMap((path) => forbiddenTreeImports(path, readFileSync(join(ROOT, path), "utf8")));
    assert.deepEqual(problems, []);
  });

  test("nothing the server loads at run time pulls in a browser library (ky, React, Jotai, Stripe.js)", () => {
    const seen = new Set<string>();
    const pending = sourceFiles("server");
    const problems: string[] = [];
    while (pending.length > 0) {
      const path = pending.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const { specifier, typeOnly } of importsOf(readFileSync(join(ROOT, path), "utf8"))) {
        if (typeOnly) continue;
        if (!specifier.startsWith(".")) {
          const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
          if (BROWSER_PACKAGES.includes(name)) problems.push(`${path} loads ${name}`);
          continue;
        }
        const target = relative(ROOT, resolve(ROOT, dirname(path), specifier));
        if (/\.tsx?$/.test(target)) pending.push(target);
      }
    }
    assert.ok([...seen].filter((f) => f.startsWith("src/contract/")).length > 5, "the wire contract (src/contract) is among what the server loads");
    assert.deepEqual(problems, []);
  });

  const wrongTrees: Array<[string, string, string]> = [
    ["server/ importing demo-site/", "server/api/x.ts", 'import { ADDRESS_BOOK } from "../../demo-site/geo/address-book.ts";'],
    ["server/ importing the widget's state", "server/x.ts", 'import { flowStateAtom } from "../src/state/atoms.ts";'],
    ["server/ importing ky", "server/x.ts", 'import ky from "ky";'],
    ["src/ importing server/", "src/api/x.ts", 'import { apiError } from "../../server/api/api-error.ts";'],
    ["loader/ importing demo-site/", "loader/x.ts", 'import { html } from "../demo-site/pages/html.ts";'],
    ["demo-site/ importing the widget's views", "demo-site/x.ts", 'import { Bubble } from "../src/ui/bubble.tsx";'],
  ];
  for (const [name, path, source] of wrongTrees) {
    test(`fails on ${name}`, () => {
      assert.equal(forbiddenTreeImports(path, source).length, 1, source);
    });
  }

  test("allows the demo to compose the server, and the server the wire contract and the pure core", () => {
    assert.deepEqual(forbiddenTreeImports("demo-site/server.ts", 'import { createWidgetOrigin } from "../server/widget-origin.ts";'), []);
    assert.deepEqual(forbiddenTreeImports("server/api/x.ts", 'import { GeomapSchema } from "../../src/contract/geomap.ts";'), []);
    assert.deepEqual(forbiddenTreeImports("server/x.ts", 'import { totals } from "../src/pricing/totals.ts";'), []);
  });
});

describe("the import direction", () => {
  test("no file of src/ imports from a later layer", () => {
    const files = sourceFiles("src");
    assert.ok(files.length > 150, `src/ read (${files.length} files)`);
    const problems = files.flatMap((path) => forbiddenImports(path, readFileSync(join(ROOT, path), "utf8")));
    assert.deepEqual(problems, []);
  });

  const wrong: Array<[string, string, string]> = [
    ["the pure core importing the state", "src/flow/x.ts", 'import { flowStateAtom } from "../state/atoms.ts";'],
    ["the pure core importing a side effect", "src/pricing/x.ts", 'import { createApiClient } from "../api/client.ts";'],
    ["the state importing a view, over lines", "src/state/x.ts", 'import {\n  WIDGET_CSS,\n} from "../ui/styles.ts";'],
    ["a view importing the element", "src/ui/chat/x.tsx", 'export { App } from "../../element/app.tsx";'],
    ["a side effect importing the state lazily", "src/api/x.ts", 'const m = await import("../state/atoms.ts");'],
    ["the pure core using React", "src/flow/x.ts", 'import { useState } from "react";'],
    ["a type of the ui in the state", "src/state/x.ts", 'import type { QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";'],
  ];
  for (const [name, path, source] of wrong) {
    test(`fails on ${name}`, () => {
      assert.equal(forbiddenImports(path, source).length, 1, source);
    });
  }

  test("allows imports downward, within a layer, and data types from src/api in the pure core", () => {
    assert.deepEqual(forbiddenImports("src/ui/x.tsx", 'import { steps } from "../flow/flow-graph.ts";'), []);
    assert.deepEqual(forbiddenImports("src/flow/x.ts", 'import { guards } from "./guards.ts";'), []);
    assert.deepEqual(forbiddenImports("src/flow/x.ts", 'import type { ProgramType } from "../api/program-types.ts";'), []);
  });
});
