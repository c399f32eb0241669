// Requests as plain fetch, answered as raw responses (status, lower-case headers, the body as
// text; redirects not followed). In the server tests (test/server) the demo site and the
// production entry run in process and register their origins here (answerInProcess), so these
// reach their apps without a port; e2e tests reach a listening site over the network.
import type { Fetch } from "../../../server/adapters/provider-call.ts";

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  body: string;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** Sent as is. */
  body?: string;
}

/** The origins answered in process (a test's demo site, a production entry), each by its app's fetch. */
const inProcess = new Map<string, Fetch>();

/** Sends requests to these origins to `fetch` (in process) until the returned function is called. */
export function answerInProcess(origins: Iterable<string>, fetch: Fetch): () => void {
  const added = [...origins];
  for (const origin of added) inProcess.set(origin, fetch);
  return () => {
    for (const origin of added) if (inProcess.get(origin) === fetch) inProcess.delete(origin);
  };
}

/** What requests go out with: an origin answered in process goes to its app, any other to the network. */
export const siteFetch: Fetch = (input, init) => {
  const url = input instanceof Request ? input.url : String(input);
  return (inProcess.get(new URL(url).origin) ?? fetch)(input, init);
};

export async function httpRequest(url: string, init: RequestInit = {}): Promise<RawResponse> {
  const send = siteFetch;
  const response = await send(url, { method: init.method ?? "GET", ...(init.headers ? { headers: init.headers } : {}), ...(init.body !== undefined ? { body: init.body } : {}), redirect: "manual" });
  const headers: Record<string, string | undefined> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

export async function getJson(url: string): Promise<{ status: number; headers: RawResponse["headers"]; json: unknown }> {
  const response = await httpRequest(url);
  return { status: response.status, headers: response.headers, json: JSON.parse(response.body) as unknown };
}

/** POSTs `body` as JSON (a string is sent as is, to test malformed bodies) and parses the answer. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; headers: RawResponse["headers"]; json: unknown }> {
  const response = await httpRequest(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: JSON.parse(response.body) as unknown };
}
