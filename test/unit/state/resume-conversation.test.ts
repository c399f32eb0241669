// Resuming from the server (issue 14 §5, issue 12): what the widget does with each answer of
// POST /v1/quote/resume, for a resume link and for this device's saved quote; and the resume
// link's parameter leaves the address bar.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";
import type { ResumeAnswer } from "../../../src/contract/quote-resume.ts";
import type { Restored } from "../../../src/state/conversation.ts";
import { LINK_REFUSED, QUOTE_UNKNOWN, restoreConversation, takeResumeToken } from "../../../src/state/resume-conversation.ts";
import type { SavedData } from "../../../src/state/saved-conversation.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const api = createApiClient({ baseUrl: "http://api.test", preview: false, onboarding: false });
const server = { stepId: "lastMowed", answers: { customerFirstName: "Kim", lawnSize: "6000" }, path: ["a", "lastMowed"] };
const transcript = [{ id: 1, from: "bot" as const, text: "Hi Kim" }];
const answer = (over: Partial<ResumeAnswer> = {}): ResumeAnswer => ({
  companyId: "greenway-lawn",
  botId: "lawn",
  quoteId: "q-1",
  quoteToken: "fresh-token",
  conversation: { flow: server, transcript },
  sale: null,
  ...over,
});

/** Answers every call with `status` and `body`; records the bodies sent. */
function serve(status: number, body: unknown): unknown[] {
  const sent: unknown[] = [];
  globalThis.fetch = (async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }) as typeof fetch;
  return sent;
}

const local: SavedData = { flow: { stepId: "askQuoteNow", answers: { quoteId: "q-1", quoteToken: "device-token", lawnSize: 6500 }, path: ["a", "lastMowed", "askQuoteNow"] }, transcript: [] };

async function restore(localData: SavedData | null, link: string | null, paid: (a: ResumeAnswer) => void = () => {}): Promise<Restored | undefined> {
  return restoreConversation(api, "greenway-lawn", localData, link, paid);
}

describe("resuming from the server", () => {
  test("nothing to ask: no link and no saved quote", () => {
    assert.equal(restoreConversation(api, "greenway-lawn", null, null, () => {}), undefined);
    assert.equal(restoreConversation(api, "greenway-lawn", { ...local, flow: { ...local.flow, answers: {} } }, null, () => {}), undefined);
  });

  test("a link: the server's step, answers and transcript, with this device's new token", async () => {
    const sent = serve(200, answer());
    // The server's answers are text (the wire); the state gets them typed.
    assert.deepEqual(await restore(null, "r1.x.y"), { flow: { ...server, answers: { customerFirstName: "Kim", lawnSize: 6000, quoteId: "q-1", quoteToken: "fresh-token" } }, transcript });
    assert.deepEqual(sent, [{ resumeToken: "r1.x.y" }]);
  });

  test("this device: its own step and answers win, the server adds the personal ones and the transcript", async () => {
    const sent = serve(200, answer({ quoteToken: "device-token" }));
    const restored = (await restore(local, null)) as SavedData;
    assert.deepEqual(sent, [{ companyId: "greenway-lawn", quoteId: "q-1", quoteToken: "device-token" }]);
    assert.equal(restored.flow.stepId, "askQuoteNow");
    assert.deepEqual(restored.flow.answers, { customerFirstName: "Kim", lawnSize: 6500, quoteId: "q-1", quoteToken: "device-token" });
    assert.deepEqual(restored.transcript, transcript);
  });

  test("this device with a save the server never got: the tab's newer transcript, the server's personal answers", async () => {
    serve(200, answer({ quoteToken: "device-token" }));
    const unsent = [...transcript, { id: 2, from: "visitor" as const, text: "2 weeks ago" }, { id: 3, from: "bot" as const, text: "Who mows your lawn today?" }];
    const restored = (await restore({ ...local, transcript: unsent }, null)) as SavedData;
    assert.deepEqual(restored.transcript, unsent);
    assert.equal(restored.flow.answers.customerFirstName, "Kim");
    // A resume link is another device's visit: the server's transcript, whatever this tab holds.
    serve(200, answer());
    assert.deepEqual(((await restore({ ...local, transcript: unsent }, "r1.x.y")) as SavedData).transcript, transcript);
  });

  const refusals: Array<[string, number, unknown]> = [
    ["404", 404, { message: "This resume link has expired or is not valid" }],
    ["410 (expired)", 410, { message: "This resume link has expired or is not valid" }],
    ["400", 400, { message: "Invalid body" }],
    ["another company's quote", 200, answer({ companyId: "thames-lawns" })],
    ["a quote with no saved conversation", 200, answer({ conversation: null })],
  ];
  for (const [name, status, body] of refusals) {
    test(`a link refused (${name}): the notice, and a new conversation`, async () => {
      serve(status, body);
      assert.deepEqual(await restore(null, "r1.x.y"), { notice: LINK_REFUSED });
    });
  }

  test("a saved quote the server does not know: the notice, ending on the answers given", async () => {
    serve(404, { message: "No quote" });
    assert.deepEqual(await restore(local, null), { notice: QUOTE_UNKNOWN, flow: local.flow });
  });

  test("the server failing: the resume throws (the conversation starts anew), nothing is made up", async () => {
    serve(503, { message: "down" });
    await assert.rejects(restore(local, null) as Promise<Restored>);
  });

  test("paid while the tab was closed: the chat waits at the quote, with the services, and the sale is handed on", async () => {
    const sale = { transactionId: "TX-1", value: "123.45", currency: "USD", paymentMethod: "stripe", term: "application", serviceTypes: ["Mowing", "Grub Control"] };
    serve(200, answer({ sale }));
    const heard: ResumeAnswer[] = [];
    const restored = (await restore(null, "r1.x.y", (a) => heard.push(a))) as SavedData;
    assert.equal(restored.flow.stepId, "quoteOpen");
    assert.equal(restored.flow.answers.saleServices, "Mowing, Grub Control");
    assert.deepEqual(heard.map((a) => a.sale), [sale]);
    // Already past the sale: nothing handed on again.
    serve(200, answer({ sale, conversation: { flow: { ...server, stepId: "saleDone", answers: { saleTransactionId: "TX-1" } }, transcript } }));
    const again: ResumeAnswer[] = [];
    assert.equal(((await restore(null, "r1.x.y", (a) => again.push(a))) as SavedData).flow.stepId, "saleDone");
    assert.deepEqual(again, []);
  });

  test("the link's parameter leaves the address bar, the rest of the address stays", () => {
    history.replaceState(null, "", "/landing?utm_source=mail&qa_resume=r1.abc.def#top");
    assert.equal(takeResumeToken(), "r1.abc.def");
    assert.equal(location.pathname + location.search + location.hash, "/landing?utm_source=mail#top");
    assert.equal(takeResumeToken(), null);
  });
});

