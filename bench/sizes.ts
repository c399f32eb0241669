// Transfer sizes of the shipped files and their budgets (shipped-files.mjs), measured as build.mjs
// prints them (scripts/measure-size.mjs: gzip level 9, brotli quality 11, the build id zeroed).
import { SHIPPED_FILES } from "../shipped-files.mjs";
import { measureFile as measureBuilt } from "../scripts/measure-size.mjs";

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
  return measureBuilt(path);
}

export function measureSizes(): { files: Record<string, FileSize>; budgets: BudgetCheck[] } {
  const files: Record<string, FileSize> = {};
  const budgets = BUDGETS.map(({ file, limitBytes }) => {
    const size = (files[file] = measureFile(file));
    return { file, measure: "brotli" as const, limitBytes, actualBytes: size.brotli, pass: size.brotli <= limitBytes };
  });
  return { files, budgets };
}
