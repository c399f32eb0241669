// React's CommonJS module made an ES namespace once for the whole widget (issue 35). esbuild
// gives every module that imports a CommonJS package its own copy of the exports, a getter per
// name (`__toESM`): 53 copies of React's and its JSX runtime's in the widget, a quarter of the
// bundle's first run at 4x CPU. build.mjs points the widget's imports of "react" here.
// @ts-expect-error -- @types/react is written as `export =`; esbuild reads the package itself.
export * from "react";
export { default } from "react";
