// Reads a file below a fixed directory for a URL path, refusing anything that would step
// outside it, and names its content type.
import { readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".html": "text/html; charset=utf-8",
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** The file at `relativePath` under `root`, or undefined when it is missing or outside `root`. */
export async function readStaticFile(root: string, relativePath: string): Promise<StaticFile | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  const base = resolve(root);
  const path = resolve(base, `.${sep}${decoded}`);
  if (!path.startsWith(base + sep) || decoded.includes("\0")) return undefined;
  const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
  if (!contentType) return undefined;
  try {
    return { body: await readFile(path), contentType };
  } catch {
    return undefined;
  }
}
