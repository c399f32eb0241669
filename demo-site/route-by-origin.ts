// A fetch that serves a request by its origin from the Hono app behind it, in process: how the
// in-process demo site (demo-site/demo-site.ts) answers its own calls between origins and the
// tests' requests without a port. The app sees what Node's server would give it: a loopback
// client address (getConnInfo, the rate limits) and a socket whose destroy() drops the
// connection, so a dropped answer rejects as a real fetch does. Other origins go to `elsewhere`.
import type { Fetch } from "../server/adapters/provider-call.ts";

export interface FetchableApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

export function routeByOrigin(apps: ReadonlyMap<string, FetchableApp>, elsewhere: Fetch): Fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const app = apps.get(new URL(request.url).origin);
    if (!app) return elsewhere(request);
    request.signal.throwIfAborted();
    let dropped = false;
    const incoming = { socket: { remoteAddress: "127.0.0.1", remotePort: 0, remoteFamily: "IPv4", destroy: () => void (dropped = true) } };
    const answer = Promise.resolve(app.fetch(request, { incoming }));
    const aborted = new Promise<never>((_, reject) => {
      request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    // An open socket keeps Node's event loop alive while an answer is awaited; so does this
    // (AbortSignal.timeout's timer does not, and a held answer must still time out).
    const socketStandIn = setInterval(() => undefined, 60_000);
    const response = await Promise.race([answer, aborted]).finally(() => clearInterval(socketStandIn));
    if (dropped) {
      await response.body?.cancel().catch(() => undefined);
      throw new TypeError("fetch failed", { cause: new Error("the server dropped the connection") });
    }
    return response;
  };
}
