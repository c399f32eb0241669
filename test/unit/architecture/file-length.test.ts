// Issue 29: no source file over 300 lines without its reason in its opening comment. A file
// that grows past 300 lines either splits by job or says, in the comment it opens with, why it
// is one file ("Over 300 lines on purpose: …" or "Longer than 300 lines on purpose: …").
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const LIMIT = 300;
const REASON = /(?:Over|Longer than) 300 lines on purpose: \S/;

/** The comment a file opens with: its leading `//` lines, or its first block comment. */
export function openingComment(text: string): string {
  const lines = text.split("\n");
  if (lines[0]?.startsWith("/*")) {
    return text.slice(2, text.indexOf("*/")).split("\n").map((line) => line.replace(/^\s*\*\s?/, "")).join(" ");
  }
  const comment: string[] = [];
  for (const line of lines) {
    if (line.startsWith("#!")) continue;
    if (!line.startsWith("//")) break;
    comment.push(line.replace(/^\/\/\s?/, ""));
  }
  return comment.join(" ");
}

test("openingComment: the reason counts only in the comment a file opens with", () => {
  const table: Array<[string, boolean]> = [
    ["// What it does.\n// Over 300 lines on purpose: one table.\nexport {};", true],
    ["/**\n * What it does. Longer than 300 lines on purpose: one protocol.\n */\nexport {};", true],
    ["#!/usr/bin/env node\n// Over 300 lines on purpose: a CLI.\n", true],
    ["// What it does.\nexport {};\n// Over 300 lines on purpose: said too late.", false],
    ["// Over 300 lines on purpose:\n// the reason on the next line.\n", true],
    ["// Over 300 lines on purpose:\n", false],
    ["export {};", false],
  ];
  for (const [text, counts] of table) assert.equal(REASON.test(openingComment(text)), counts, text);
});

test(`every source file over ${LIMIT} lines says why in its opening comment`, () => {
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.ts", "*.tsx", "*.mjs", "*.js"], { encoding: "utf8" })
    .split("\n")
    .filter((file) => file && !file.startsWith("dist") && !file.includes("node_modules/") && !file.includes("/fixtures/"));
  const unexplained = files.flatMap((file) => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return []; // listed but deleted in the working tree
    }
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    return lines > LIMIT && !REASON.test(openingComment(text)) ? [`${file} (${lines} lines)`] : [];
  });
  assert.deepEqual(unexplained, [], "split these by job, or give the reason in their opening comment");
});
