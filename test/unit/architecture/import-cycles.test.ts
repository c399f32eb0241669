// No import circle anywhere in the source trees (issue 36): no file of src/, server/, loader/ or
// demo-site/ reaches itself through its imports, `import type` included. A circle hides an
// order of evaluation (a value read before its module has run) and, between types, modules
// that cannot be understood or moved one at a time. Where two modules need each other's types,
// the types move to a module both import (src/flow/flow-state.ts, src/state/conversation-deps.ts,
// server/console/types.ts...). Found as the strongly connected components of the graph of every
// relative import and re-export.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { circlesOf, importsOf, read, sourceFiles, targetOf } from "./import-graph.ts";

const TREES = ["src", "server", "loader", "demo-site"];

/** Every file of the trees and the files of the trees it imports, types included. */
function importGraph(): Map<string, string[]> {
  const files = TREES.flatMap((tree) => sourceFiles(tree, { declarations: true, scripts: true }));
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importsOf(read(file))
        .filter(({ specifier }) => specifier.startsWith("."))
        .map(({ specifier }) => targetOf(file, specifier))
        .filter((target) => known.has(target)),
    ]),
  );
}

describe("import circles", () => {
  test("no file of src/, server/, loader/ or demo-site/ reaches itself through its imports", () => {
    const graph = importGraph();
    assert.ok(graph.size > 480, `the trees read (${graph.size} files)`);
    assert.ok([...graph.values()].reduce((sum, targets) => sum + targets.length, 0) > 1600, "their imports read");
    const circles = circlesOf(graph).map((circle) => `${circle.length} files: ${circle.join(", ")}`);
    assert.deepEqual(circles, [], "move the types two modules share to a module both import");
  });

  test("circlesOf finds a circle through type imports, a longer one, and a file importing itself", () => {
    const graph = new Map<string, string[]>([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", []],
      ["d", ["e"]],
      ["e", ["f"]],
      ["f", ["d", "c"]],
      ["g", ["g"]],
      ["h", ["a"]],
    ]);
    assert.deepEqual(circlesOf(graph).sort(), [["a", "b"], ["d", "e", "f"], ["g"]]);
    assert.deepEqual(circlesOf(new Map([["a", ["b"]], ["b", ["c"]], ["c", []]])), []);
  });

  test("type-only imports and re-exports are edges", () => {
    const imports = importsOf('import type { A } from "./a.ts";\nexport type { B } from "./b.ts";\nexport * from "./c.ts";\ntype D = import("./d.ts").D;');
    assert.deepEqual(
      imports.map(({ specifier }) => specifier),
      ["./a.ts", "./b.ts", "./c.ts", "./d.ts"],
    );
  });
});
