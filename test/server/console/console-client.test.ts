// The console's one API client (src/console/api/client.ts, issue 36) against the console's real
// API, in process: every answer read through the contract's schemas (what the server sends is
// what the contract says), the session's CSRF token read once from /console/api/me and held
// (src/console/api/csrf.ts), a write refused for a stale token sent once more with the new
// one, and a refusal's message and fields at fault kept in the ApiError.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as v from "valibot";
import type { ComposedDemoSite } from "../../../demo-site/demo-site.ts";
import { AcceptedSchema, AlertSettingsSchema, FunnelAnswerSchema, LeadDetailSchema, LeadsAnswerSchema, MeSchema, StaffListSchema } from "../../../src/contract/console.ts";
import { BotStateSchema, BotsAnswerSchema, DraftAnswerSchema, InstallAnswerSchema, PricesAnswerSchema, TaxImportSchema, VersionsAnswerSchema, WebhooksAnswerSchema } from "../../../src/contract/console-builder.ts";
import { ApiError, ask, call, configureClient } from "../../../src/console/api/client.ts";
import { keepCsrfToken } from "../../../src/console/api/csrf.ts";
import { consoleRequest, sunkMail } from "./console-session.ts";
import { eventually } from "../../eventually.ts";
import { startTestSite } from "../demo-site/start-test-site.ts";

const EMAIL = "owner@greenway-lawn.example";
let site: ComposedDemoSite;
/** Every request the client made: method and path. */
const sent: Array<{ method: string; path: string; csrf: string | null }> = [];

before(async () => {
  site = await startTestSite();
  const origin = site.urls.widget;
  assert.equal((await consoleRequest(site, "POST", "sign-in", { email: EMAIL })).status, 202);
  const mail = await eventually("the sign-in link", async () => (await sunkMail(site)).filter((m) => m.to.includes(EMAIL)), (m) => m.length > 0, { timeoutMs: 15_000, everyMs: 100 });
  const token = /#sign-in=([\w-]+)/.exec(mail.at(-1)!.text)![1];
  const session = await consoleRequest(site, "POST", "session", { token });
  assert.equal(session.status, 200);
  const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!;
  // The browser's part: the page's origin and its cookie on every request.
  configureClient({
    prefixUrl: `${origin}/console/api/`,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const headers = Object.fromEntries(request.headers);
      sent.push({ method: request.method, path: new URL(request.url).pathname, csrf: request.headers.get("X-CSRF-Token") });
      return site.fetch(request.url, { method: request.method, headers: { ...headers, Cookie: cookie, Origin: origin }, ...(request.method === "GET" ? {} : { body: await request.text() }) });
    },
  });
});
after(() => site.close());

/** The raw JSON the server answers, for comparing with what the client read. */
const raw = async (path: string) => (await site.fetch(`${site.urls.widget}/console/api/${path}`, { headers: { Cookie: "" } })).status;

describe("the console's API client on the console's API", () => {
  test("every page's first answer passes its contract schema", async () => {
    const me = await call(MeSchema, "me");
    assert.equal(me.email, EMAIL);
    assert.equal(me.role, "owner");
    const leads = await call(LeadsAnswerSchema, "leads");
    assert.ok(leads.leads.length > 0, "the demo's seeded leads");
    assert.equal(leads.total, leads.leads.length);
    const detail = await call(LeadDetailSchema, `leads/${encodeURIComponent(leads.leads[0]!.quoteId)}`);
    assert.equal(detail.lead.quoteId, leads.leads[0]!.quoteId);
    assert.ok(Array.isArray((await call(FunnelAnswerSchema, "funnel")).rows));
    assert.ok((await call(AlertSettingsSchema, "settings")).alertEmails.length > 0);
    assert.ok((await call(StaffListSchema, "staff")).staff.some((member) => member.email === EMAIL));
    const bots = await call(BotsAnswerSchema, "bots");
    assert.equal(bots.bots[0]?.botId, "lawn");
    assert.equal((await call(BotStateSchema, "bots/lawn")).canPublish, true);
    assert.ok((await call(VersionsAnswerSchema, "bots/lawn/versions")).versions.length > 0);
    assert.equal((await call(PricesAnswerSchema, "builder/prices")).canEdit, true);
    assert.equal(typeof (await call(TaxImportSchema, "builder/tax-rates")).rowCount, "number");
    assert.equal((await call(InstallAnswerSchema, "builder/install")).companyId, "greenway-lawn");
    assert.equal((await call(WebhooksAnswerSchema, "builder/webhooks")).canEdit, true);
    assert.equal(await raw("me"), 401, "without the client's cookie the API refuses: the answers above were the session's");
  });

  test("asking for a sign-in link is a write without a session: no token, no /me", async () => {
    sent.length = 0;
    await call(AcceptedSchema, "sign-in", { json: { email: "nobody@example.com" }, signedOut: true });
    assert.deepEqual(sent, [{ method: "POST", path: "/console/api/sign-in", csrf: null }]);
  });

  test("the first write reads the session's token from /me once; later writes reuse it", async () => {
    sent.length = 0;
    const settings = await call(AlertSettingsSchema, "settings");
    await call(AcceptedSchema, "settings", { json: { alertEmails: settings.alertEmails, alertEvents: ["lead"] } });
    await call(AcceptedSchema, "settings", { json: { alertEmails: settings.alertEmails, alertEvents: ["lead", "purchase"] } });
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      ["GET /console/api/settings", "GET /console/api/me", "POST /console/api/settings", "POST /console/api/settings"],
    );
    assert.ok(sent.filter((r) => r.method === "POST").every((r) => r.csrf && r.csrf.length > 10));
    assert.deepEqual((await call(AlertSettingsSchema, "settings")).alertEvents, ["lead", "purchase"]);
  });

  test("a write refused for a stale token reads the session's token and is sent once more", async () => {
    keepCsrfToken("a-token-of-another-session");
    sent.length = 0;
    const settings = await call(AlertSettingsSchema, "settings");
    await call(AcceptedSchema, "settings", { json: { alertEmails: settings.alertEmails, alertEvents: ["booking"] } });
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path}`),
      ["GET /console/api/settings", "POST /console/api/settings", "GET /console/api/me", "POST /console/api/settings"],
    );
    assert.equal(sent[1]!.csrf, "a-token-of-another-session");
    assert.deepEqual((await call(AlertSettingsSchema, "settings")).alertEvents, ["booking"]);
  });

  test("a refusal keeps the server's message and each field at fault", async () => {
    const refused = await call(AcceptedSchema, "builder/webhooks/urls", { method: "PUT", json: { urls: ["http://example.com/hook"] } }).catch((error: unknown) => error);
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.issues[0]?.path, "urls.0");
    const draft = await ask(DraftAnswerSchema, "bots/lawn/draft", { json: { config: { companyName: "" } } });
    assert.equal(draft.status, 400);
    assert.ok(draft.body.problems?.some((problem) => problem.field === "companyName"), JSON.stringify(draft.body));
    const missing = await call(LeadDetailSchema, "leads/no-such-quote").catch((error: unknown) => error);
    assert.ok(missing instanceof ApiError && missing.status === 404);
  });

  test("an answer that is not what the contract says is an ApiError, not a cast", async () => {
    const wrong = await call(v.object({ leads: v.array(v.object({ quoteId: v.number() })) }), "leads").catch((error: unknown) => error);
    assert.ok(wrong instanceof ApiError);
    assert.match(wrong.message, /The answer of leads is not what the console expects/);
  });
});
