// How the worker POSTs a webhook over real sockets (server/webhooks/http-post.ts, issue 34): the
// receiver gets the body and headers as sent; its status is the answer, a redirect included
// (not followed); a receiver that never answers is given up at the time limit; a refused
// connection rejects; kept connections carry the next sends. Here, not under test/server:
// unit and server tests open no port (test/no-ports.ts).
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { createWebhookPoster } from "../../server/webhooks/http-post.ts";

interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  socket: unknown;
}

const servers: Server[] = [];
after(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiver on a free port; `answer` picks each request's status and headers (or none at all). */
async function receiver(answer: (path: string) => { status: number; headers?: Record<string, string> } | "never"): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body, socket: request.socket });
      const reply = answer(request.url ?? "");
      if (reply === "never") return;
      response.writeHead(reply.status, reply.headers).end("a body the poster drops");
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const request = (body: string, timeoutMs = 5000) => ({ headers: { "Content-Type": "application/json", "Quote-Assistant-Event-Id": "evt-1" }, body, timeoutMs });

test("the receiver gets the body and headers as sent, and its status is the answer, whatever it is", async () => {
  const site = await receiver((path) => ({ status: path === "/busy" ? 503 : 200 }));
  const poster = createWebhookPoster();
  try {
    const body = JSON.stringify({ id: "evt-1", type: "lead", data: { name: "Zoë Ñandú" } });
    assert.equal(await poster.post(`${site.url}/hook`, request(body)), 200);
    assert.equal(await poster.post(`${site.url}/busy`, request(body)), 503);
    assert.deepEqual(
      site.received.map((each) => [each.path, each.body, each.headers["content-type"], each.headers["quote-assistant-event-id"], Number(each.headers["content-length"])]),
      [
        ["/hook", body, "application/json", "evt-1", Buffer.byteLength(body)],
        ["/busy", body, "application/json", "evt-1", Buffer.byteLength(body)],
      ],
    );
    // The second send went over the connection the first one opened.
    assert.equal(site.received[0]!.socket, site.received[1]!.socket);
  } finally {
    poster.close();
  }
});

test("a redirect is the receiver's answer: the poster does not follow it", async () => {
  const elsewhere = await receiver(() => ({ status: 200 }));
  const site = await receiver(() => ({ status: 307, headers: { Location: `${elsewhere.url}/moved` } }));
  const poster = createWebhookPoster();
  try {
    assert.equal(await poster.post(`${site.url}/hook`, request("{}")), 307);
    assert.equal(site.received.length, 1);
    assert.equal(elsewhere.received.length, 0);
  } finally {
    poster.close();
  }
});

test("a receiver that never answers is given up at the time limit, with a TimeoutError", async () => {
  const site = await receiver(() => "never");
  const poster = createWebhookPoster();
  try {
    const started = performance.now();
    await assert.rejects(poster.post(`${site.url}/hook`, request("{}", 300)), { name: "TimeoutError", message: "no answer in 300 ms" });
    const waited = performance.now() - started;
    assert.ok(waited >= 290 && waited < 5000, `gave up after ${Math.round(waited)} ms`);
    assert.equal(site.received.length, 1);
  } finally {
    poster.close();
  }
});

test("a refused connection rejects, naming why; a URL that is not http(s) is refused before any connection", async () => {
  const site = await receiver(() => ({ status: 200 }));
  const closed = servers.pop()!;
  closed.closeAllConnections();
  await new Promise((resolve) => closed.close(resolve));
  const poster = createWebhookPoster();
  try {
    await assert.rejects(poster.post(`${site.url}/hook`, request("{}")), /ECONNREFUSED/);
    await assert.rejects(poster.post("ftp://127.0.0.1/hook", request("{}")), { name: "TypeError", message: "not an http(s) URL: ftp:" });
  } finally {
    poster.close();
  }
});
