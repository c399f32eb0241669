// Where a fake answers: in process by default (the server tests open no port: `fetch` serves
// its origin from the app, and is what the code under test sends with), or on a local port
// for e2e tests whose server runs in another process (`listen: true`).
import { getRequestListener } from "@hono/node-server";
import { createServer } from "node:http";
import type { Hono } from "hono";
import type { Fetch } from "../../server/adapters/provider-call.ts";
import { routeByOrigin } from "../../demo-site/route-by-origin.ts";

export interface ServedFake {
  url: string;
  /** Requests to `url` answered by the fake in process; others go to `elsewhere` (default the global fetch). */
  fetch: Fetch;
  close(): Promise<void>;
}

export interface ServeFakeOptions {
  /** On a local port (e2e: the server under test is another process). Default false: in process. */
  listen?: boolean;
  /** The origin of an in-process fake: a .test host, which DNS never resolves. */
  origin?: string;
  /** Where requests to other origins go (default the global fetch): the app under test, for a fake's callbacks. */
  elsewhere?: Fetch;
}

export async function serveFake(app: Hono, options: ServeFakeOptions = {}): Promise<ServedFake> {
  const elsewhere: Fetch = options.elsewhere ?? ((input, init) => fetch(input, init));
  if (!options.listen) {
    const url = options.origin ?? "http://fake.test";
    return { url, fetch: routeByOrigin(new Map([[url, app]]), elsewhere), close: async () => {} };
  }
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url,
    fetch: elsewhere,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
