// Loaded before every unit and server test (node --import): no test below test/unit or
// test/server opens a port. The widget's requests are answered in process (ky's `fetch`); the
// demo site, the production entry and every fake run in process (demo-site/demo-site.ts,
// site.fetch, app.request). A test that starts listening on a socket is a regression and fails
// at once. Only e2e tests start real origins.
import { Server } from "node:net";

Server.prototype.listen = function listen(): never {
  throw new Error("a unit or server test opened a port: compose in process instead (createDemoSite, app.request, a fake's fetch)");
};
