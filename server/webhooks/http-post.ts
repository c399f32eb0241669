// How the worker POSTs a webhook (issue 34): over node:http and node:https with keep-alive
// agents, not the global fetch. The worker runs on the thread that serves the API, and a send
// through fetch cost about four times the CPU: 435 against 112 µs a POST to a local receiver
// on the 2-core CI machine (WHATWG streams, an AbortSignal and a Response object per send);
// under bench:load the webhook lane's fetch calls were about 2 % of the API's CPU. Nothing
// follows a redirect (a 3xx is the receiver's answer, as fetch's `redirect: "manual"` made it);
// the answer's body is read and dropped. A test passes its own `fetch` instead (fetchPost).
import http from "node:http";
import https from "node:https";

export interface WebhookRequest {
  headers: Record<string, string>;
  body: string;
  /** The whole send's limit: connecting, sending and the answer's status line. */
  timeoutMs: number;
}

/** POSTs `request` to `url` and resolves with the answer's HTTP status; rejects when there is none. */
export type WebhookPost = (url: string, request: WebhookRequest) => Promise<number>;

export interface WebhookPoster {
  post: WebhookPost;
  /** Closes the idle connections kept for the next sends. */
  close(): void;
}

/** A send that had no answer in time, named as fetch names its own (`TimeoutError: ...`). */
class TimeoutError extends Error {
  override name = "TimeoutError";
}

export function createWebhookPoster(): WebhookPoster {
  // Idle sockets are kept a few seconds for the next pass; the agent unrefs them, so they hold no process open.
  const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };
  const post: WebhookPost = (url, { headers, body, timeoutMs }) =>
    new Promise<number>((resolve, reject) => {
      const target = new URL(url);
      const protocol = target.protocol === "https:" ? "https:" : target.protocol === "http:" ? "http:" : undefined;
      if (!protocol) return reject(new TypeError(`not an http(s) URL: ${target.protocol}`));
      const send = protocol === "https:" ? https.request : http.request;
      const request = send(target, { method: "POST", agent: agents[protocol], headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (answer) => {
        clearTimeout(timer);
        answer.resume();
        resolve(answer.statusCode ?? 0);
      });
      const timer = setTimeout(() => request.destroy(new TimeoutError(`no answer in ${timeoutMs} ms`)), timeoutMs);
      request.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  return {
    post,
    close: () => {
      for (const agent of Object.values(agents)) agent.destroy();
    },
  };
}

/** The same send through a `fetch` (the tests' stand-in receivers). */
export const fetchPost =
  (send: typeof fetch): WebhookPost =>
  async (url, { headers, body, timeoutMs }) => {
    const answer = await send(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    await answer.body?.cancel().catch(() => undefined);
    return answer.status;
  };
