// The production entry's texts (issue 34): with TWILIO_* set the port is Twilio (the start-up
// log says so) and Twilio's webhooks are served, checked for PUBLIC_ORIGIN: STOP signed for
// that URL lists the phone in the database, START removes it, a signature for the address
// the server listens on (not the public one) gets 403; with no Twilio settings, no webhooks.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { openStores } from "../../../server/db/stores.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "../payments/serve-client.ts";
import { SMS_INBOUND_PATH } from "../../../server/sms/sms-routes.ts";
import { signTwilioRequest } from "../../../server/sms/twilio-signature.ts";
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN } from "../../fakes/twilio-fake.ts";
import { httpRequest } from "./http-client.ts";

const PUBLIC_ORIGIN = "https://quotes.example.com";

async function start(env: Record<string, string>, lines: string[]): Promise<{ server: TestServer; dbPath: string }> {
  const dir = mkdtempSync(join(tmpdir(), "qa-serve-texts-"));
  const dbPath = join(dir, "serve.db");
  const server = await startTestServer(readServeConfig({ PORT: "0", DATABASE_URL: dbPath, PUBLIC_ORIGIN }), { env, write: (line) => lines.push(line) });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { server, dbPath };
}

const reply = (server: TestServer, body: string, from: string, signedFor = `${PUBLIC_ORIGIN}${SMS_INBOUND_PATH}`) => {
  const params = { AccountSid: FAKE_TWILIO_SID, Body: body, From: from, MessageSid: "SM" + "3".repeat(32), To: FAKE_TWILIO_FROM };
  return httpRequest(`${server.url}${SMS_INBOUND_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signTwilioRequest(signedFor, params, FAKE_TWILIO_TOKEN) },
    body: new URLSearchParams(params).toString(),
  });
};

describe("serve with Twilio settings", () => {
  test("STOP and START signed for PUBLIC_ORIGIN reach the opt-out list; a signature for the bound address is refused", async () => {
    const lines: string[] = [];
    const { server, dbPath } = await start({ TWILIO_ACCOUNT_SID: FAKE_TWILIO_SID, TWILIO_AUTH_TOKEN: FAKE_TWILIO_TOKEN, TWILIO_FROM: FAKE_TWILIO_FROM, TWILIO_API_BASE: "http://127.0.0.1:9" }, lines);
    const ports = lines.map((line) => JSON.parse(line) as { msg: string; sms?: string }).find((line) => line.msg === "ports");
    assert.equal(ports?.sms, "twilio");
    assert.ok(!lines.join("\n").includes(FAKE_TWILIO_TOKEN), "the token is never logged");
    const stores = await openStores(dbPath);
    try {
      assert.equal((await reply(server, "STOP", "+16145550140", `${server.url}${SMS_INBOUND_PATH}`)).status, 403);
      assert.equal(await stores.smsOptOuts.isOptedOut("+16145550140"), false);
      const stopped = await reply(server, "Stop", "+16145550140");
      assert.equal(stopped.status, 200);
      assert.equal(await stores.smsOptOuts.isOptedOut("+16145550140"), true);
      assert.equal((await reply(server, "START", "+16145550140")).status, 200);
      assert.equal(await stores.smsOptOuts.isOptedOut("+16145550140"), false);
    } finally {
      await stores.close();
    }
  });
});

describe("serve without Twilio settings", () => {
  test("texts off: no webhooks", async () => {
    const { server } = await start({}, []);
    assert.equal((await reply(server, "STOP", "+16145550141")).status, 404);
  });
});
