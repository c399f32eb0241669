// The esbuild options every shipped file is built with (build.mjs), and the benchmark's floor
// elements too (bench/floor.ts), so that they are measured as built.
export const SHIPPED_BUILD_OPTIONS = {
  bundle: true,
  minify: true,
  format: "iife",
  target: ["chrome100", "safari15", "firefox100"],
  legalComments: "none",
  logLevel: "warning",
  jsx: "automatic",
  // Jotai checks `import.meta.env.MODE` (Vite's), which an IIFE build leaves empty: without
  // these two, every shipped file carried and ran Jotai's development checks and warnings.
  define: { "process.env.NODE_ENV": '"production"', "import.meta.env": "true", "import.meta.env.MODE": '"production"' },
};
