// React's JSX runtime made an ES namespace once for the whole widget: see react-once.ts.
export * from "react/jsx-runtime";
