// Where the bundle was loaded from: the default API base. Read while the bundle's script runs,
// the only moment document.currentScript points at it.
const script = typeof document === "undefined" ? null : document.currentScript;

export const bundleOrigin: string =
  script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : globalThis.location?.origin ?? "";
