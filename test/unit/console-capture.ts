// Collects what the code under test logs with console.error, one line per call, fresh for each
// test of the file that calls it; console.error is put back after each test.
import { afterEach, beforeEach } from "node:test";

export function captureConsoleErrors(): { lines: string[] } {
  const seen = { lines: [] as string[] };
  const original = console.error;
  beforeEach(() => {
    seen.lines = [];
    console.error = (...args: unknown[]) => seen.lines.push(args.map(String).join(" "));
  });
  afterEach(() => {
    console.error = original;
  });
  return seen;
}
