// happy-dom as the global DOM, and React's act() environment flag, set before React is first
// imported. Only the widget's unit tests that need a DOM load it, as their first import
// (`import "../setup.ts";`): registering happy-dom costs about 1.5 s of CPU per test file, and
// code that is meant to run without a DOM (the pure core, the server in test/server) must fail
// loudly if it reaches for `document` or `window`.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({
  url: "http://localhost:3000/",
  settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
