// The esbuild options every shipped file is built with (build.mjs), and the benchmark's floor
// elements too (bench/floor.ts), so that they are measured as built.
export const SHIPPED_BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "safari15", "firefox100"],
  legalComments: "none",
  logLevel: "warning",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
};
