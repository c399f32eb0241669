// Loaded before every server test (node --import), instead of test/unit/setup.ts: no DOM, so
// server code that touches `document` or `window` fails loudly here. And no port: the server
// tests run the demo site and the fakes in process (demo-site/demo-site.ts, site.fetch), so a
// test that starts listening on a socket is a regression, and fails at once.
import { Server } from "node:net";

Server.prototype.listen = function listen(): never {
  throw new Error("a server test opened a port: compose in process instead (createDemoSite, app.request, a fake's fetch)");
};
