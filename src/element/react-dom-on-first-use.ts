// react-dom's client, initialised on the first createRoot (or by startReactDom) rather than
// when the bundle runs (issue 35): its module scope is the biggest part of the bundle's first
// run, which the loader now makes before any click; src/main.ts starts it in a task of its own.
// build.mjs points r2wc's import of "react-dom/client" here; esbuild turns the require() below
// into a call of the bundled module's initialiser at that point.
import type { Container, RootOptions, Root } from "react-dom/client";

declare const require: (name: "react-dom/client") => typeof import("react-dom/client");

/** Starts react-dom's client now (its module scope: about 10 ms at 4x CPU), in a task of its own. */
export function startReactDom(): void {
  require("react-dom/client");
}

export function createRoot(container: Container, options?: RootOptions): Root {
  return require("react-dom/client").createRoot(container, options);
}
