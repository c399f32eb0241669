// Where a lazily loaded chunk lives: next to the bundle's own script (same origin, same path,
// same query string, so a versioned URL stays versioned). Read while the bundle's script runs,
// the only moment document.currentScript points at it.
const script = typeof document === "undefined" ? null : document.currentScript;
const bundleSrc = script instanceof HTMLScriptElement ? script.src : "";

/** The URL of a file built next to the bundle; `/dist/` of this page's origin when unknown. */
export function chunkUrl(fileName: string, scriptSrc: string = bundleSrc, pageOrigin: string = globalThis.location?.origin ?? ""): string {
  if (!scriptSrc) return new URL(`/dist/${fileName}`, pageOrigin).href;
  const bundle = new URL(scriptSrc);
  const url = new URL(fileName, bundle);
  url.search = bundle.search;
  return url.href;
}
