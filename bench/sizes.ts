// Transfer sizes of the shipped files and their budgets (shipped-files.mjs). Same compression
// settings as build.mjs (gzip level 9, brotli quality 11), which cannot be imported: it builds on import.
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { SHIPPED_FILES } from "../shipped-files.mjs";

export interface FileSize {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BudgetCheck {
  file: string;
  measure: "brotli";
  limitBytes: number;
  actualBytes: number;
  pass: boolean;
}

/** The shipped files' budgets, from the build's table (shipped-files.mjs), with their reasons. */
export const BUDGETS = SHIPPED_FILES.map(({ file, budget, reason }) => ({ file: `dist/${file}`, limitBytes: budget, reason }));

export function measureFile(path: string): FileSize {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function measureSizes(): { files: Record<string, FileSize>; budgets: BudgetCheck[] } {
  const files: Record<string, FileSize> = {};
  const budgets = BUDGETS.map(({ file, limitBytes }) => {
    const size = (files[file] = measureFile(file));
    return { file, measure: "brotli" as const, limitBytes, actualBytes: size.brotli, pass: size.brotli <= limitBytes };
  });
  return { files, budgets };
}
