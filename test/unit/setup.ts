// Loaded before every unit test (node --import): a happy-dom window as the global DOM, and
// React's act() environment flag, set before React is first imported.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({
  url: "http://localhost:3000/",
  settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
