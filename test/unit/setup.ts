// Loaded before every widget unit test (node --import): a happy-dom window as the global DOM,
// and React's act() environment flag, set before React is first imported. The server's tests
// run without it (test/server/setup.ts).
import { Server } from "node:net";
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({
  url: "http://localhost:3000/",
  settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// No port either: the widget's tests answer its requests in process (ky's `fetch`), as the
// server tests do (test/server/setup.ts); a test that starts listening fails at once.
Server.prototype.listen = function listen(): never {
  throw new Error("a unit test opened a port: answer its requests in process instead");
};
