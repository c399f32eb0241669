// The demo's text sink (issue 34): every text kept and listed newest first, escaped with its
// links clickable; a Reply posts to the inbound webhook signed as Twilio would, so STOP opts
// the phone out through the real routes and the sink refuses it texts (21610) until START. On
// the demo site it is the +7 origin, and the widget origin checks its signature: a reply
// signed with its token opts out in the database, a forged one gets 403 and changes nothing.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { routeByOrigin } from "../../../demo-site/route-by-origin.ts";
import { openStores } from "../../../server/db/stores.ts";
import { SmsSendError } from "../../../server/ports/sms.ts";
import { createSmsRoutes, SMS_INBOUND_PATH, SMS_STATUS_PATH, type SmsStatusReport } from "../../../server/sms/sms-routes.ts";
import { signTwilioRequest } from "../../../server/sms/twilio-signature.ts";
import { createTextSink, DEMO_SMS_AUTH_TOKEN, DEMO_SMS_FROM, type SunkText } from "../../../demo-site/text-sink/text-sink.ts";
import { eventually } from "../../eventually.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { startTestSite } from "./start-test-site.ts";

/** Our webhooks in process at an origin of their own, as the widget origin mounts them, recording what they were told. */
function webhooks() {
  const optOuts: string[] = [];
  const optIns: string[] = [];
  const statuses: SmsStatusReport[] = [];
  const origin = "http://quotes.test";
  const app = createSmsRoutes({
    authToken: DEMO_SMS_AUTH_TOKEN,
    publicOrigin: origin,
    onOptOut: async (phone) => void optOuts.push(phone),
    onOptIn: async (phone) => void optIns.push(phone),
    onStatus: async (report) => void statuses.push(report),
  });
  /** What the sink posts its signed webhooks with: to `origin` in process. */
  const fetch = routeByOrigin(new Map([[origin, app]]), globalThis.fetch);
  return { origin, fetch, optOuts, optIns, statuses };
}

const reply = (sinkApp: ReturnType<typeof createTextSink>["app"], id: string, body: string) =>
  sinkApp.request(`/texts/${id}/reply`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ body }).toString() });

describe("the text sink", () => {
  test("keeps each text and lists it newest first, escaped, links clickable, no token on the page", async () => {
    const sink = createTextSink({ inboundUrl: "http://127.0.0.1:9/none", deliveryReports: false });
    assert.deepEqual([sink.port.name, sink.port.live, sink.port.from], ["demo text sink", true, DEMO_SMS_FROM]);
    const first = await sink.port.send({ to: "+16145550123", body: "First: https://quotes.example/r/abc?x=1&y=2" });
    await sink.port.send({ to: "+16145550124", body: `<script>alert("x")</script> & 'quotes'` });
    const page = await (await sink.app.request("/")).text();
    assert.ok(page.indexOf("+16145550124") < page.indexOf("+16145550123"), "newest first");
    assert.ok(!page.includes("<script>alert"));
    assert.match(page, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; &amp; &#39;quotes&#39;/);
    assert.match(page, /<a href="https:\/\/quotes\.example\/r\/abc\?x=1&amp;y=2">/);
    assert.match(page, new RegExp(`action="/texts/${first.id}/reply"`));
    assert.ok(!page.includes(DEMO_SMS_AUTH_TOKEN));
    const texts = ((await (await sink.app.request("/texts.json")).json()) as { texts: SunkText[] }).texts;
    assert.deepEqual(texts.map((t) => [t.id.slice(0, 2), t.to, t.from]), [["SM", "+16145550123", DEMO_SMS_FROM], ["SM", "+16145550124", DEMO_SMS_FROM]]);
  });

  test("a number that is not E.164 is refused, not retryable (21211)", async () => {
    const sink = createTextSink({ inboundUrl: "http://127.0.0.1:9/none", deliveryReports: false });
    await assert.rejects(sink.port.send({ to: "6145550123", body: "x" }), (error: unknown) => error instanceof SmsSendError && !error.retryable && error.code === "21211");
  });

  test("Reply STOP goes signed to the inbound webhook; texts to that phone refused (21610) until START", async () => {
    const hooks = webhooks();
    const sink = createTextSink({ inboundUrl: `${hooks.origin}${SMS_INBOUND_PATH}`, deliveryReports: false, fetch: hooks.fetch });
    const { id } = await sink.port.send({ to: "+16145550123", body: "Your quote" });
    const answer = await reply(sink.app, id, "stop");
    assert.deepEqual([answer.status, answer.headers.get("Location")], [303, "/"]);
    assert.deepEqual(hooks.optOuts, ["+16145550123"]);
    assert.equal(sink.texts()[0]?.replies[0]?.answered, 200);
    await assert.rejects(sink.port.send({ to: "+16145550123", body: "Again" }), (error: unknown) => error instanceof SmsSendError && error.code === "21610" && !error.retryable);
    assert.match(await (await sink.app.request("/")).text(), /replied STOP/);
    await reply(sink.app, id, "START");
    assert.deepEqual(hooks.optIns, ["+16145550123"]);
    await sink.port.send({ to: "+16145550123", body: "Back" });
    assert.equal((await reply(sink.app, "SMnone", "STOP")).status, 404);
  });

  test("a text with a StatusCallback gets a signed 'delivered'", async () => {
    const hooks = webhooks();
    const sink = createTextSink({ inboundUrl: `${hooks.origin}${SMS_INBOUND_PATH}`, fetch: hooks.fetch });
    const { id } = await sink.port.send({ to: "+16145550123", body: "Your quote", statusCallback: `${hooks.origin}${SMS_STATUS_PATH}` });
    await eventually("the status callback", async () => hooks.statuses, (statuses) => statuses.length === 1);
    assert.deepEqual(hooks.statuses, [{ messageId: id, status: "delivered", errorCode: null }]);
  });
});

describe("on the demo site", () => {
  test("the +7 origin; the widget's inbound webhook takes the sink's signature and keeps STOP, refuses a forged one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "text-sink-"));
    const dbPath = join(dir, "demo.db");
    const site = await startTestSite({ dbPath });
    const stores = await openStores(dbPath);
    try {
      assert.equal(Number(new URL(site.urls.text).port), Number(new URL(site.urls.host).port) + 7);
      const page = await httpRequest(`${site.urls.text}/`);
      assert.equal(page.status, 200);
      assert.match(page.body, /Text sink/);
      assert.deepEqual((await getJson(`${site.urls.text}/texts.json`)).json, { texts: [] });
      const url = `${site.urls.widget}${SMS_INBOUND_PATH}`;
      const send = (params: Record<string, string>, signature: string) =>
        httpRequest(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature }, body: new URLSearchParams(params).toString() });
      const stop = (from: string) => ({ Body: "STOP", From: from, To: DEMO_SMS_FROM, MessageSid: "SM" + "2".repeat(32) });
      const forged = await send(stop("+16145550130"), signTwilioRequest(url, stop("+16145550130"), "not-the-token"));
      assert.equal(forged.status, 403);
      assert.equal(await stores.smsOptOuts.isOptedOut("+16145550130"), false);
      const signed = await send(stop("+16145550131"), signTwilioRequest(url, stop("+16145550131"), DEMO_SMS_AUTH_TOKEN));
      assert.equal(signed.status, 200);
      assert.match(signed.body, /<Response><\/Response>/);
      assert.equal(await stores.smsOptOuts.isOptedOut("+16145550131"), true);
    } finally {
      await stores.close();
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
