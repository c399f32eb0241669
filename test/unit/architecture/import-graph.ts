// The source trees' import graph, read from the files (there is no linter): what a file
// imports, where a relative import lands, what a set of files loads at run time, the circles
// (strongly connected components), and the DOM globals a file touches. Shared by the layer
// test (import-layers.test.ts) and the circle test (import-cycles.test.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export const ROOT = resolve(import.meta.dirname, "../../..");

export interface Import {
  specifier: string;
  typeOnly: boolean;
}

/** Every import and re-export of a file's text: static, side-effect only, dynamic, and `import("…")` types. */
export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*"([^"]+)"/gms;
  for (const m of source.matchAll(statement)) found.push({ specifier: m[4]!, typeOnly: !!m[2] });
  for (const m of source.matchAll(/^\s*import\s+"([^"]+)"/gm)) found.push({ specifier: m[1]!, typeOnly: false });
  for (const m of source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)) found.push({ specifier: m[1]!, typeOnly: false });
  return found;
}

/** The files of a tree (a path from the root), .d.ts included when asked. */
export function sourceFiles(dir: string, { declarations = false, scripts = false } = {}): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(path, { declarations, scripts });
    if (entry.name.endsWith(".d.ts")) return declarations ? [path] : [];
    return /\.tsx?$/.test(entry.name) || (scripts && /\.m?js$/.test(entry.name)) ? [path] : [];
  });
}

/** Where a relative import of `from` lands, as a path from the root (its file when there is one). */
export function targetOf(from: string, specifier: string): string {
  const target = relative(ROOT, resolve(ROOT, dirname(from), specifier));
  if (existsSync(join(ROOT, target))) return target;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) if (existsSync(join(ROOT, candidate))) return candidate;
  return target;
}

/** A package's name from a bare specifier ("react-dom/client" → "react-dom", "@stripe/stripe-js" → itself). */
export function packageOf(specifier: string): string {
  return specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]!;
}

export const read = (path: string): string => readFileSync(join(ROOT, path), "utf8");

/** Every file `starts` load at run time: the closure over imports that are not `import type`, with who first loaded each. */
export function loadedBy(starts: readonly string[]): Map<string, string | undefined> {
  const parent = new Map<string, string | undefined>();
  const pending: Array<[string, string | undefined]> = starts.map((start) => [start, undefined]);
  while (pending.length > 0) {
    const [path, by] = pending.pop()!;
    if (parent.has(path)) continue;
    parent.set(path, by);
    if (!/\.(tsx?|m?js)$/.test(path)) continue;
    for (const { specifier, typeOnly } of importsOf(read(path))) {
      if (!typeOnly && specifier.startsWith(".")) pending.push([targetOf(path, specifier), path]);
    }
  }
  return parent;
}

/** The circles of a graph: its strongly connected components of more than one file, or of one that imports itself (Tarjan). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

const DOM_GLOBALS = new Set(["document", "window"]);

/**
 * Where a file's code (not its comments or strings) touches the page: `document.…`,
 * `window.…`, `globalThis.document`, `typeof window`. A local binding of that name (the
 * server's `const window = findWindow(…)`) is not the page's.
 */
export function domGlobalUses(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const local = new Set<string>();
  const uses: string[] = [];
  const collect = (node: ts.Node) => {
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      local.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(file);
  const at = (node: ts.Node) => `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${node.getText().slice(0, 60)}`;
  const isGlobal = (node: ts.Expression) => ts.isIdentifier(node) && DOM_GLOBALS.has(node.text) && !local.has(node.text);
  const scan = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node)) {
      if (isGlobal(node.expression)) uses.push(at(node));
      else if (ts.isIdentifier(node.expression) && ["globalThis", "self"].includes(node.expression.text) && DOM_GLOBALS.has(node.name.text)) uses.push(at(node));
    } else if (ts.isTypeOfExpression(node) && isGlobal(node.expression)) {
      uses.push(at(node));
    }
    ts.forEachChild(node, scan);
  };
  scan(file);
  return uses;
}
