// Twilio's webhooks for texts (issue 34): signed for the server's public URL or refused 403
// with nothing done (a forged, missing or Host-based signature); a bad body 400; an opt-out
// word calls onOptOut with the sender (Twilio's list, any case, trimmed, the whole message
// only), an opt-in word onOptIn, with empty TwiML back; a status callback (from the Twilio
// fake, as Twilio would post it) reaches onStatus. Mounted on the widget origin only when
// texts are on and the origin is given their settings.
import assert from "node:assert/strict";
import { after, beforeEach, describe, test } from "node:test";
import { routeByOrigin } from "../../../demo-site/route-by-origin.ts";
import { createTwilioSms } from "../../../server/adapters/twilio.ts";
import { openStores } from "../../../server/db/stores.ts";
import { PORTS_OFF } from "../../../server/ports/ports.ts";
import type { SmsPort } from "../../../server/ports/sms.ts";
import { createSmsRoutes, EMPTY_TWIML, smsKeyword, SMS_INBOUND_PATH, SMS_STATUS_PATH, type SmsStatusReport } from "../../../server/sms/sms-routes.ts";
import { signTwilioRequest } from "../../../server/sms/twilio-signature.ts";
import { createWidgetOrigin } from "../../../server/widget-origin.ts";
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, startTwilioFake } from "../../fakes/twilio-fake.ts";

const PUBLIC = "https://quotes.example.com";
const TOKEN = "route-test-token";
let optOuts: string[] = [];
let optIns: string[] = [];
let statuses: SmsStatusReport[] = [];
const nothingDone = () => assert.deepEqual([optOuts, optIns, statuses], [[], [], []]);
beforeEach(() => {
  optOuts = [];
  optIns = [];
  statuses = [];
});

const routes = createSmsRoutes({
  authToken: TOKEN,
  publicOrigin: `${PUBLIC}/`,
  onOptOut: async (phone) => void optOuts.push(phone),
  onOptIn: async (phone) => void optIns.push(phone),
  onStatus: async (report) => void statuses.push(report),
});

const inbound = (body: string, from = "+16145550123") => ({ AccountSid: FAKE_TWILIO_SID, Body: body, From: from, MessageSid: "SM" + "1".repeat(32), NumMedia: "0", To: FAKE_TWILIO_FROM });

function post(path: string, params: Record<string, string>, options: { signature?: string | null; signedUrl?: string; contentType?: string; host?: string; token?: string } = {}) {
  const signature = options.signature === undefined ? signTwilioRequest(options.signedUrl ?? `${PUBLIC}${path}`, params, options.token ?? TOKEN) : options.signature;
  return routes.request(`http://${options.host ?? "127.0.0.1:8080"}${path}`, {
    method: "POST",
    headers: { "Content-Type": options.contentType ?? "application/x-www-form-urlencoded", ...(signature !== null ? { "X-Twilio-Signature": signature } : {}) },
    body: new URLSearchParams(params).toString(),
  });
}

describe("inbound texts", () => {
  for (const word of ["STOP", "stop", "  Stop \n", "STOPALL", "STOP ALL", "stop  all", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT", "ALTO", "alto", " Parar ", "CANCELAR", "baja"]) {
    test(`${JSON.stringify(word)} opts the sender out; empty TwiML back`, async () => {
      const response = await post(SMS_INBOUND_PATH, inbound(word));
      assert.equal(response.status, 200);
      assert.match(response.headers.get("Content-Type") ?? "", /^text\/xml/);
      assert.equal(await response.text(), EMPTY_TWIML);
      assert.deepEqual([optOuts, optIns], [["+16145550123"], []]);
    });
  }
  for (const word of ["START", "unstop", " yes "]) {
    test(`${JSON.stringify(word)} opts the sender back in`, async () => {
      assert.equal((await post(SMS_INBOUND_PATH, inbound(word, "+16145550124"))).status, 200);
      assert.deepEqual([optOuts, optIns], [[], ["+16145550124"]]);
    });
  }
  test("any other text, and a keyword inside a sentence, changes nothing", async () => {
    for (const body of ["STOP please", "Please cancel", "How much for the back yard?", "HELP", "", "Alto ahí", "¿Cuánto cuesta?"]) {
      const response = await post(SMS_INBOUND_PATH, inbound(body));
      assert.equal(response.status, 200, body);
      assert.equal(await response.text(), EMPTY_TWIML);
    }
    nothingDone();
  });
  test("smsKeyword reads the whole message only", () => {
    assert.deepEqual(["stop", "Start", "stop!", "stopp", "STOP ALL"].map(smsKeyword), ["opt-out", "opt-in", undefined, undefined, "opt-out"]);
  });
});

describe("refused: 403 and nothing done", () => {
  const CASES: [string, Parameters<typeof post>[2]][] = [
    ["no signature", { signature: null }],
    ["a forged signature", { signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" }],
    ["a signature with another token", { token: "someone-else" }],
    ["a signature for the Host the request came to, not our public URL", { signedUrl: `http://evil.example${SMS_INBOUND_PATH}`, host: "evil.example" }],
    ["a signature for another path", { signedUrl: `${PUBLIC}${SMS_STATUS_PATH}` }],
    ["a signature over other parameters", { signature: signTwilioRequest(`${PUBLIC}${SMS_INBOUND_PATH}`, inbound("hello"), TOKEN) }],
  ];
  for (const [what, options] of CASES) {
    test(`${what}`, async () => {
      const response = await post(SMS_INBOUND_PATH, inbound("STOP"), options);
      assert.equal(response.status, 403);
      assert.match(((await response.json()) as { message: string }).message, /X-Twilio-Signature/);
      const status = await post(SMS_STATUS_PATH, { MessageSid: "SMx", MessageStatus: "delivered" }, options?.signedUrl === `${PUBLIC}${SMS_STATUS_PATH}` ? { signedUrl: `${PUBLIC}${SMS_INBOUND_PATH}` } : options);
      assert.equal(status.status, 403);
      nothingDone();
    });
  }
});

describe("bad bodies: 400 with a message", () => {
  test("not a form", async () => {
    const response = await post(SMS_INBOUND_PATH, inbound("STOP"), { contentType: "application/json" });
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, /x-www-form-urlencoded/);
  });
  test("an inbound text without a From in E.164, or without a Body", async () => {
    const { From: _from, ...noFrom } = inbound("STOP");
    const { Body: _body, ...noBody } = inbound("STOP");
    for (const params of [noFrom, { ...inbound("STOP"), From: "6145550123" }, noBody]) {
      const response = await post(SMS_INBOUND_PATH, params);
      assert.equal(response.status, 400);
      assert.ok(((await response.json()) as { message: string }).message.length > 0);
    }
    nothingDone();
  });
  test("a status without MessageSid or MessageStatus", async () => {
    for (const params of [{ MessageStatus: "delivered" }, { MessageSid: "SMx" }] as Record<string, string>[]) assert.equal((await post(SMS_STATUS_PATH, params)).status, 400);
    nothingDone();
  });
});

describe("delivery status", () => {
  test("MessageSid, MessageStatus and ErrorCode (null when absent)", async () => {
    assert.equal((await post(SMS_STATUS_PATH, { AccountSid: FAKE_TWILIO_SID, MessageSid: "SMa", MessageStatus: "delivered", SmsStatus: "delivered" })).status, 200);
    assert.equal((await post(SMS_STATUS_PATH, { MessageSid: "SMb", MessageStatus: "undelivered", ErrorCode: "30003" })).status, 200);
    assert.deepEqual(statuses, [
      { messageId: "SMa", status: "delivered", errorCode: null },
      { messageId: "SMb", status: "undelivered", errorCode: "30003" },
    ]);
  });
});

const stores = await openStores(":memory:");
after(() => stores.close());

describe("on the widget origin", () => {
  const origin = (sms: SmsPort, withSettings: boolean, publicOrigin: string, received: SmsStatusReport[] = []) =>
    createWidgetOrigin({
      store: stores.companies,
      customers: stores.customers,
      quotes: stores.quotes,
      quoteTokens: stores.quoteTokens,
      rateLimits: stores.rateLimits,
      transaction: stores.transaction,
      distDir: "/nonexistent",
      assetsDir: "/nonexistent",
      findCompanyName: () => Promise.resolve(undefined),
      publicOrigin,
      ports: { ...PORTS_OFF, sms },
      ...(withSettings ? { sms: { authToken: FAKE_TWILIO_TOKEN, onStatus: async (report: SmsStatusReport) => void received.push(report) } } : {}),
    });

  test("texts off, or no settings given: not served", async () => {
    const live = createTwilioSms({ accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, timeoutMs: 1000 });
    for (const app of [origin(PORTS_OFF.sms, true, PUBLIC), origin(live, false, PUBLIC)]) {
      const params = inbound("STOP");
      const response = await app.request(SMS_INBOUND_PATH, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signTwilioRequest(`${PUBLIC}${SMS_INBOUND_PATH}`, params, FAKE_TWILIO_TOKEN) },
        body: new URLSearchParams(params).toString(),
      });
      assert.equal(response.status, 404);
    }
  });

  test("a text sent through the Twilio fake, its status callback posted signed to our public URL", async () => {
    const received: SmsStatusReport[] = [];
    // Our server in process at its public origin; the fake's callbacks reach it there.
    const publicOrigin = "http://quotes.test";
    let app: ReturnType<typeof origin> | undefined;
    const fake = await startTwilioFake({ callbacks: (input, init) => routeByOrigin(new Map([[publicOrigin, app!]]), fetch)(input, init) });
    try {
      const sms = createTwilioSms({ accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, baseUrl: fake.url, fetch: fake.fetch, timeoutMs: 10_000 });
      app = origin(sms, true, publicOrigin, received);
      const { id } = await sms.send({ to: "+16145550123", body: "Your quote", statusCallback: `${publicOrigin}${SMS_STATUS_PATH}` });
      assert.equal(await fake.postStatus(id, "delivered"), 200);
      assert.equal(await fake.postStatus(id, "undelivered", "30005"), 200);
      assert.deepEqual(received, [
        { messageId: id, status: "delivered", errorCode: null },
        { messageId: id, status: "undelivered", errorCode: "30005" },
      ]);
    } finally {
      await fake.close();
    }
  });
});
