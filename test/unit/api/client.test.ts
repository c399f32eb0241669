import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";

interface Seen {
  url: string;
  method: string;
  body: string | null;
  contentType: string | null;
}

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

/** The page's fetch: records what reached the network, answers {"ok":true}. */
function recordingFetch(seen: Seen[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input as string, init);
    seen.push({
      url: request.url,
      method: request.method,
      body: request.method === "GET" ? null : await request.text(),
      contentType: request.headers.get("content-type"),
    });
    return new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
  };
}

describe("the API client through a host page's fetch wrapper", () => {
  test("a naive wrapper that keeps only input.url still sends the POST with its JSON body", async () => {
    const seen: Seen[] = [];
    const network = recordingFetch(seen);
    // The kind of wrapper analytics snippets install: the Request's method and body are lost.
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      network((input as Request).url || (input as string), init)) as typeof fetch;
    const api = createApiClient({ baseUrl: "http://api.test/", preview: true, onboarding: false });
    const reply = await api.post("v1/servman/geomap", { json: { queryTerm: "5520 Brand" } }).json();
    assert.deepEqual(reply, { ok: true });
    assert.deepEqual(seen, [
      {
        url: "http://api.test/v1/servman/geomap?preview=true",
        method: "POST",
        body: '{"queryTerm":"5520 Brand"}',
        contentType: "application/json",
      },
    ]);
  });

  test("a GET keeps its query and sends no body", async () => {
    const seen: Seen[] = [];
    globalThis.fetch = recordingFetch(seen);
    const api = createApiClient({ baseUrl: "http://api.test", preview: false, onboarding: false });
    await api.get("v2/program-types", { searchParams: { companyId: "c" } }).json();
    assert.equal(seen[0]!.method, "GET");
    assert.equal(seen[0]!.url, "http://api.test/v2/program-types?companyId=c");
  });

  // Array.prototype.toJSON and a wrapped JSON.stringify are proved in Chromium
  // (test/e2e/hostile-pages.test.ts): happy-dom's own Headers copy themselves through JSON.

  test("a call still times out through the wrapper (the signal is passed on)", async () => {
    globalThis.fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      })) as typeof fetch;
    const api = createApiClient({ baseUrl: "http://api.test", preview: false, onboarding: false, timeoutMs: 50 });
    await assert.rejects(api.post("v1/quote/record", { json: {} }).json(), { name: "TimeoutError" });
  });
});
