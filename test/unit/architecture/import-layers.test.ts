// The import direction of src/, since there is no linter. Five layers, each importing only
// from itself and the layers before it:
//   1. pure core     src/flow, src/pricing, src/address, src/config, src/schema, src/json, src/i18n
//                    (plain functions and data; valibot only)
//   2. side effects  src/api, src/bridge, src/payments, src/storage, and loader/ outside src
//                    (network, frames, scripts, localStorage; ky, Stripe)
//   3. state         src/state (the store and the conversation runner; jotai)
//   4. ui            src/ui, src/lazy (React views, and the quote chunk they load; react)
//   5. element       src/element, src/main.ts (the custom element and the host page's API)
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
  json: 0,
  api: 1,
  bridge: 1,
  payments: 1,
  storage: 1,
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
