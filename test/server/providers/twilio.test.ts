// The Twilio adapter (issue 34) against a local fake of the Programmable Messaging API written
// from Twilio's docs: what it sends (Basic auth, To, From, Body, StatusCallback, form-encoded),
// the message sid it answers, and each failure sorted into retryable (429, 5xx, timeout, no
// connection) or not (4xx, with Twilio's code); a text whose answer was lost found again in
// Twilio's Messages list by its marker; the environment's settings, a bad one naming
// itself; the auth token never in a log line.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { createTwilioSms, smsFromEnv, twilioSettingsFromEnv } from "../../../server/adapters/twilio.ts";
import { NO_CACHE } from "../../../server/db/provider-cache-store.ts";
import { SmsSendError } from "../../../server/ports/sms.ts";
import type { Logger } from "../../../server/production/logger.ts";
import { portsFromEnv, ProviderConfigError } from "../../../server/production/providers.ts";
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, startTwilioFake, type TwilioFake } from "../../fakes/twilio-fake.ts";

let fake: TwilioFake;
let lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
const logger: Logger = { log: (level, msg, fields = {}) => void lines.push({ level, msg, fields }) };

before(async () => {
  fake = await startTwilioFake();
});
after(async () => fake.close());
beforeEach(() => {
  fake.reset();
  lines = [];
});

const twilio = (overrides: { authToken?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createTwilioSms({ accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, baseUrl: fake.url, fetch: fake.fetch, timeoutMs: 10_000, logger, ...overrides });

async function refusal(send: Promise<unknown>): Promise<SmsSendError> {
  try {
    await send;
  } catch (error) {
    assert.ok(error instanceof SmsSendError, String(error));
    return error;
  }
  assert.fail("the send did not fail");
}

describe("sending a text", () => {
  test("Basic auth, the form's To, From, Body and StatusCallback; the answer's sid", async () => {
    const port = twilio();
    assert.equal(port.name, "twilio");
    assert.equal(port.live, true);
    assert.equal(port.from, FAKE_TWILIO_FROM);
    const sent = await port.send({ to: "+16145550123", body: "Your lawn quote: https://quotes.example.com/r/abc & more", statusCallback: "https://quotes.example.com/v1/sms/twilio/status" });
    assert.match(sent.id, /^SM[0-9a-f]{32}$/);
    const [message] = fake.messages;
    assert.equal(message?.sid, sent.id);
    assert.deepEqual(message?.form, {
      To: "+16145550123",
      From: FAKE_TWILIO_FROM,
      Body: "Your lawn quote: https://quotes.example.com/r/abc & more",
      StatusCallback: "https://quotes.example.com/v1/sms/twilio/status",
    });
    assert.equal(message?.authorization, `Basic ${Buffer.from(`${FAKE_TWILIO_SID}:${FAKE_TWILIO_TOKEN}`).toString("base64")}`);
  });

  test("no StatusCallback when the message names none", async () => {
    await twilio().send({ to: "+16145550123", body: "Hi" });
    assert.equal("StatusCallback" in (fake.messages[0]?.form ?? {}), false);
  });

  test("a recipient that is not E.164 is refused before any call, not retryable", async () => {
    const error = await refusal(twilio().send({ to: "614-555-0123", body: "Hi" }));
    assert.equal(error.retryable, false);
    assert.equal(fake.requests, 0);
  });
});

describe("failures", () => {
  const RETRYABLE: [string, Parameters<TwilioFake["setMode"]>[0], string | undefined][] = [
    ["429", "429", "20429"],
    ["500", "500", "20500"],
  ];
  for (const [what, mode, code] of RETRYABLE) {
    test(`${what} is retryable, with Twilio's code`, async () => {
      fake.setMode(mode);
      const error = await refusal(twilio().send({ to: "+16145550123", body: "Hi" }));
      assert.equal(error.retryable, true);
      assert.equal(error.code, code);
      assert.equal(fake.messages.length, 0);
    });
  }

  test("a timeout is retryable", async () => {
    fake.setMode("timeout");
    const error = await refusal(twilio({ timeoutMs: 300 }).send({ to: "+16145550123", body: "Hi" }));
    assert.equal(error.retryable, true);
    assert.match(error.message, /timeout/);
  });

  test("a timeout after Twilio took the message: findSent finds it by its marker; another text to the number is not it", async () => {
    const since = new Date(Date.now() - 1000);
    const text = { to: "+16145550123", body: "Demo Lawn: your quote https://lawn.example/?qa_resume=r1 Reply STOP to opt out.", marker: "https://lawn.example/?qa_resume=r1" };
    await twilio().send({ to: "+16145550123", body: "An older text https://lawn.example/?qa_resume=r0" });
    fake.setMode("lost-answer");
    const error = await refusal(twilio({ timeoutMs: 300 }).send(text));
    assert.equal(error.retryable, true);
    assert.match(error.message, /may have been sent/);
    fake.setMode("ok");
    const taken = fake.messages.filter((m) => m.body === text.body);
    assert.equal(taken.length, 1, "Twilio took it");
    assert.deepEqual(await twilio().findSent!(text, since), { id: taken[0]!.sid });
    assert.equal(await twilio().findSent!({ ...text, marker: "https://lawn.example/?qa_resume=r2" }, since), undefined, "another marker");
    assert.equal(await twilio().findSent!({ ...text, to: "+16145550124" }, since), undefined, "another number");
    assert.equal(await twilio().findSent!(text, new Date(Date.now() + 3_600_000)), undefined, "created before the row");
    assert.equal(fake.messages.filter((m) => m.body === text.body).length, 1, "findSent creates nothing");
  });

  test("findSent cannot read the list (500): it throws a retryable error rather than guess", async () => {
    fake.setMode("500");
    const error = await refusal(twilio().findSent!({ to: "+16145550123", body: "x", marker: "x" }, new Date()));
    assert.equal(error.retryable, true);
    assert.equal(fake.listRequests, 1);
  });

  test("no connection is retryable", async () => {
    const error = await refusal(twilio({ baseUrl: "http://127.0.0.1:9" }).send({ to: "+16145550123", body: "Hi" }));
    assert.equal(error.retryable, true);
  });

  test("a recipient who replied STOP: 21610, not retryable", async () => {
    fake.optOut("+16145550123");
    const error = await refusal(twilio().send({ to: "+16145550123", body: "Hi" }));
    assert.deepEqual([error.retryable, error.code], [false, "21610"]);
  });

  test("a 400 with any code is not retryable and carries the code (21211: invalid number)", async () => {
    fake.setMode({ status: 400, code: 21211 });
    const error = await refusal(twilio().send({ to: "+16145550123", body: "Hi" }));
    assert.deepEqual([error.retryable, error.code], [false, "21211"]);
    assert.match(error.message, /HTTP 400, code 21211/);
  });

  test("a wrong auth token: 401 (20003), not retryable, logged without the token", async () => {
    const error = await refusal(twilio({ authToken: "wrong-token" }).send({ to: "+16145550123", body: "Hi" }));
    assert.deepEqual([error.retryable, error.code], [false, "20003"]);
    assert.ok(lines.some((line) => line.level === "error" && line.fields.provider === "twilio"));
    assert.ok(!JSON.stringify(lines).includes("wrong-token") && !JSON.stringify(lines).includes(FAKE_TWILIO_TOKEN));
  });
});

describe("settings from the environment", () => {
  const ALL = { TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID, TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN, TWILIO_FROM: FAKE_TWILIO_FROM };

  test("none: texts off", () => {
    assert.equal(twilioSettingsFromEnv({}), undefined);
    assert.equal(smsFromEnv({}).name, "off");
    assert.equal(portsFromEnv({}, NO_CACHE).sms.live, false);
  });

  test("all three: Twilio, at the default API host unless TWILIO_API_BASE says otherwise", async () => {
    assert.equal(twilioSettingsFromEnv(ALL)?.baseUrl, "https://api.twilio.com");
    const ports = portsFromEnv({ ...ALL, TWILIO_API_BASE: `${fake.url}/` }, NO_CACHE, undefined, fake.fetch);
    assert.deepEqual([ports.sms.name, ports.sms.live, ports.sms.from], ["twilio", true, FAKE_TWILIO_FROM]);
    await ports.sms.send({ to: "+16145550123", body: "From the environment" });
    assert.equal(fake.messages[0]?.body, "From the environment");
  });

  const BAD: [string, Record<string, string>, RegExp][] = [
    ["a bad sender", { ...ALL, TWILIO_FROM: "614-555-0199" }, /^TWILIO_FROM: "614-555-0199" is not an E\.164 number/],
    ["a sender without its plus", { ...ALL, TWILIO_FROM: "16145550199" }, /^TWILIO_FROM/],
    ["an Account SID that is not one", { ...ALL, TWILIO_ACCOUNT_SID: "SK0123" }, /^TWILIO_ACCOUNT_SID/],
    ["no token", { ...ALL, TWILIO_AUTH_TOKEN: " " }, /^TWILIO_AUTH_TOKEN: must be set/],
    ["only the SID", { TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID }, /^TWILIO_AUTH_TOKEN, TWILIO_FROM: must be set/],
    ["a base that is not a URL", { ...ALL, TWILIO_API_BASE: "api.twilio" }, /^TWILIO_API_BASE/],
  ];
  for (const [what, env, message] of BAD) {
    test(`${what} stops start-up naming it, never showing the token`, () => {
      assert.throws(
        () => portsFromEnv(env, NO_CACHE),
        (error: unknown) => error instanceof ProviderConfigError && message.test(error.message) && !error.message.includes(FAKE_TWILIO_TOKEN),
      );
    });
  }
});
