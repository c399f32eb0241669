// The conversation's save outlives its page, in real Chromium: a visitor who closes the tab (or
// opens the resume link) right after the last message still leaves the server that message. The
// call is kept alive; browsers refuse a keepalive body over 64 KiB, so a longer conversation goes
// as an ordinary call rather than not at all.
import { createApiClient } from "../../src/api/client.ts";
import { KEEPALIVE_CHARS, saveToServer } from "../../src/state/resume-conversation.ts";
import type { SavedData } from "../../src/state/saved-conversation.ts";
import { assert, assertEqual } from "./helpers.ts";

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

const api = createApiClient({ baseUrl: "https://api.example", preview: false, onboarding: false });
const flow = { stepId: "saleReceipt", answers: { quoteId: "q-1", quoteToken: "tok", customerName: "Kim Lee" }, path: ["quoteOpen", "saleReceipt"] };
const said = (count: number, text: string) => Array.from({ length: count }, (_, i) => ({ id: i + 1, from: "bot" as const, text }));

// [what was said, kept alive?]
const TABLE: Array<[string, SavedData["transcript"], boolean]> = [
  ["a short conversation", said(3, "Congratulations, Kim! Your order is confirmed."), true],
  ["200 messages of 60 characters", said(200, "x".repeat(60)), true],
  ["200 messages of 200 characters", said(200, "x".repeat(200)), false],
  ["accented text under the limit", said(100, "é".repeat(150)), true],
  ["accented text over the limit", said(200, "ñ".repeat(150)), false],
];

describe("saving the conversation to the server", () => {
  for (const [name, transcript, keptAlive] of TABLE) {
    it(`${name}: ${keptAlive ? "kept alive" : "an ordinary call"}, with the whole body`, async () => {
      const calls: RequestInit[] = [];
      window.fetch = async (_url, init) => {
        calls.push(init ?? {});
        return new Response('{"ok":true}', { status: 200, headers: { "Content-Type": "application/json" } });
      };
      await saveToServer(api, "greenway-lawn")({ flow, transcript });
      assertEqual(calls.length, 1, "one call");
      const body = String(calls[0]!.body);
      assertEqual(calls[0]!.keepalive, keptAlive, "keepalive");
      if (keptAlive) assert(new TextEncoder().encode(body).length < 64 * 1024, "under the browsers' keepalive quota");
      else assert(body.length >= KEEPALIVE_CHARS, "over the limit");
      assertEqual((JSON.parse(body) as { conversation: SavedData }).conversation.transcript, transcript, "the whole transcript");
    });
  }

  it("the limit is Chromium's own: the most a kept-alive body can be is accepted, 64 KiB and more refused", async () => {
    const send = (bytes: number) =>
      realFetch(location.href, { method: "POST", body: "x".repeat(bytes), keepalive: true }).then(
        () => "sent",
        (error: unknown) => (error instanceof TypeError ? "refused" : "failed"),
      );
    assertEqual(await send(KEEPALIVE_CHARS * 3 - 1), "sent", "the most our saves send kept alive");
    assertEqual(await send(64 * 1024 + 1), "refused", "over the quota");
  });
});
