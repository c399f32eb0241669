// The console's API through HTTP on the demo site (issue 24): sign-in by a link read from the
// demo's mail sink, single use; the session cookie; Origin and CSRF on every write; sign-out and
// revocation; owners and staff; and every cross-company case: another company's lead, list,
// funnel, CSV, settings, invite, status and notes are out of reach.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ComposedDemoSite } from "../../../demo-site/demo-site.ts";
import { eventually } from "../../eventually.ts";
import { startTestSite } from "../demo-site/start-test-site.ts";

let site: ComposedDemoSite;
before(async () => {
  site = await startTestSite();
});
after(() => site.close());

const origin = () => site.urls.widget;
interface Sunk {
  to: string[];
  subject: string;
  text: string;
}
const messages = async (): Promise<Sunk[]> => ((await (await site.fetch(`${site.urls.mail}/messages.json`)).json()) as { messages: Sunk[] }).messages;

/** The mail sink's messages to `to`, once there are `count` of them (or a failure naming what came). */
const waitForMail = (to: string, count: number): Promise<Sunk[]> =>
  eventually(`${count} mail(s) to ${to}`, async () => (await messages()).filter((m) => m.to.includes(to)), (mine) => mine.length >= count, { timeoutMs: 15_000, everyMs: 100 });

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  site.fetch(`${origin()}/console/api/${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin(), ...headers }, body: JSON.stringify(body) });

interface Session {
  cookie: string;
  csrf: string;
  setCookie: string;
  get(path: string): Promise<Response>;
  post(path: string, body: unknown): Promise<Response>;
}

async function linkFor(email: string): Promise<string> {
  const before = (await messages()).filter((m) => m.to.includes(email)).length;
  assert.equal((await post("sign-in", { email })).status, 202);
  const mine = await waitForMail(email, before + 1);
  const text = mine.at(-1)?.text ?? "";
  const token = /#sign-in=([\w-]+)/.exec(text)?.[1];
  assert.ok(token, `a sign-in link in the mail to ${email}: ${text}`);
  return token;
}

async function signIn(email: string): Promise<Session> {
  const token = await linkFor(email);
  const response = await post("session", { token });
  assert.equal(response.status, 200);
  const me = (await response.json()) as { csrfToken: string };
  const setCookie = response.headers.get("set-cookie") ?? "";
  const cookie = setCookie.split(";")[0]!;
  return {
    cookie,
    csrf: me.csrfToken,
    setCookie,
    get: (path) => site.fetch(`${origin()}/console/api/${path}`, { headers: { Cookie: cookie } }),
    post: (path, body) => post(path, body, { Cookie: cookie, "X-CSRF-Token": me.csrfToken }),
  };
}

interface Lead {
  quoteId: string;
}
const leadIds = async (session: Session, query = "") => ((await (await session.get(`leads${query}`)).json()) as { leads: Lead[] }).leads.map((lead) => lead.quoteId);

describe("signing in", () => {
  test("a link from the mail sink signs the owner in once; the session cookie is HttpOnly, SameSite=Lax, for /console", async () => {
    const token = await linkFor("owner@greenway-lawn.example");
    const first = await post("session", { token });
    assert.equal(first.status, 200);
    const me = (await first.json()) as { email: string; role: string; companyId: string };
    assert.deepEqual([me.email, me.role, me.companyId], ["owner@greenway-lawn.example", "owner", "greenway-lawn"]);
    const cookie = first.headers.get("set-cookie") ?? "";
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\/console/);
    assert.doesNotMatch(cookie, /Secure/, "plain http on localhost: no Secure flag");
    assert.equal((await post("session", { token })).status, 401, "the same link a second time");
  });

  test("a link asked for from the console in Spanish comes in Spanish; without a language, in English", async () => {
    const email = "owner@thames-lawns.example";
    const before = (await messages()).filter((m) => m.to.includes(email)).length;
    assert.equal((await post("sign-in", { email, lang: "es" })).status, 202);
    const spanish = (await waitForMail(email, before + 1)).at(-1)!;
    assert.equal(spanish.subject, "Su enlace para entrar en la consola de Quote Assistant");
    assert.match(spanish.text, /^Este es su enlace para entrar en la consola de Quote Assistant\.\n\nEntrar: http.*#sign-in=[\w-]+\n\nEl enlace sirve una vez, durante 15 minutos\./);
    assert.equal((await post("sign-in", { email })).status, 202);
    assert.equal((await waitForMail(email, before + 2)).at(-1)!.subject, "Your sign-in link to the Quote Assistant console");
    assert.equal((await post("sign-in", { email, lang: "de" })).status, 400, "a language the console does not have is refused");
  });

  test("an unknown address is answered the same and gets no mail", async () => {
    const before = (await messages()).length;
    assert.equal((await post("sign-in", { email: "nobody@example.com" })).status, 202);
    await linkFor("owner@thames-lawns.example");
    assert.equal((await messages()).length, before + 1, "only the known owner's link was sent");
  });

  test("without a session the API answers 401; a made-up cookie too", async () => {
    assert.equal((await site.fetch(`${origin()}/console/api/leads`)).status, 401);
    assert.equal((await site.fetch(`${origin()}/console/api/me`, { headers: { Cookie: "qa_console=made-up" } })).status, 401);
  });

  test("the console page is served with a strict CSP and no inline script or style", async () => {
    const response = await site.fetch(`${origin()}/console/`);
    assert.equal(response.status, 200);
    const csp = response.headers.get("content-security-policy") ?? "";
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
    const html = await response.text();
    assert.doesNotMatch(html, /<script>|<style|style=/);
    assert.match(html, /src="\/console\/console\.js"/);
  });

  test("the API is not CORS-open", async () => {
    const session = await signIn("owner@greenway-lawn.example");
    const response = await site.fetch(`${origin()}/console/api/leads`, { headers: { Cookie: session.cookie, Origin: "https://evil.example" } });
    assert.equal(response.headers.get("access-control-allow-origin"), null);
    const preflight = await site.fetch(`${origin()}/console/api/settings`, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } });
    assert.equal(preflight.headers.get("access-control-allow-origin"), null);
  });
});

describe("writes need the console's origin and the session's CSRF token", () => {
  test("no token, a wrong token, another origin, no origin: 403, nothing changed", async () => {
    const session = await signIn("owner@greenway-lawn.example");
    const body = { alertEmails: ["attacker@example.com"], alertEvents: ["lead"] };
    const refused = [
      await post("settings", body, { Cookie: session.cookie }),
      await post("settings", body, { Cookie: session.cookie, "X-CSRF-Token": "wrong" }),
      await post("settings", body, { Cookie: session.cookie, "X-CSRF-Token": session.csrf, Origin: "https://evil.example" }),
      await site.fetch(`${origin()}/console/api/settings`, { method: "POST", headers: { Cookie: session.cookie, "X-CSRF-Token": session.csrf, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    ];
    assert.deepEqual(refused.map((r) => r.status), [403, 403, 403, 403]);
    const settings = (await (await session.get("settings")).json()) as { alertEmails: string[] };
    assert.ok(!settings.alertEmails.includes("attacker@example.com"));
    assert.equal((await session.post("settings", { alertEmails: ["owner@greenway-lawn.example", "office@greenway-lawn.example"], alertEvents: ["lead", "purchase"] })).status, 200);
  });
});

describe("sign-out and revocation", () => {
  test("signing out ends that session only; signing out everywhere ends them all", async () => {
    const one = await signIn("owner@bugbusters-pest.example");
    const two = await signIn("owner@bugbusters-pest.example");
    const three = await signIn("owner@bugbusters-pest.example");
    assert.equal((await one.post("sign-out", {})).status, 200);
    assert.equal((await one.get("me")).status, 401);
    assert.equal((await two.get("me")).status, 200);
    const everywhere = await two.post("sign-out-everywhere", {});
    assert.equal(((await everywhere.json()) as { ended: number }).ended, 2);
    assert.equal((await two.get("me")).status, 401);
    assert.equal((await three.get("me")).status, 401);
  });
});

describe("one company's console never reaches another's", () => {
  let greenway: Session;
  let other: Session;
  let theirLead: string;
  let ourLead: string;
  before(async () => {
    greenway = await signIn("owner@greenway-lawn.example");
    other = await signIn("owner@bugbusters-pest.example");
    theirLead = (await leadIds(other))[0]!;
    ourLead = (await leadIds(greenway))[0]!;
    assert.ok(theirLead && ourLead, "both companies have seeded quotes");
  });

  test("the inbox lists only the company's own quotes", async () => {
    const ours = await leadIds(greenway);
    assert.ok(!ours.includes(theirLead));
    assert.ok(!(await leadIds(other)).includes(ourLead));
  });

  test("another company's lead is a 404, like a missing one", async () => {
    assert.equal((await greenway.get(`leads/${theirLead}`)).status, 404);
    assert.equal((await greenway.get("leads/no-such-quote")).status, 404);
    assert.equal((await other.get(`leads/${theirLead}`)).status, 200);
  });

  test("status and notes on another company's lead: 404 and nothing stored", async () => {
    assert.equal((await greenway.post(`leads/${theirLead}/status`, { status: "won" })).status, 404);
    assert.equal((await greenway.post(`leads/${theirLead}/notes`, { body: "mine now" })).status, 404);
    const detail = (await (await other.get(`leads/${theirLead}`)).json()) as { lead: { staffStatus: string }; notes: unknown[] };
    assert.equal(detail.lead.staffStatus, "new");
    assert.deepEqual(detail.notes, []);
    assert.equal((await greenway.post(`leads/${ourLead}/status`, { status: "contacted" })).status, 200);
    assert.equal((await greenway.post(`leads/${ourLead}/notes`, { body: "Called, call back Tuesday" })).status, 201);
    const ours = (await (await greenway.get(`leads/${ourLead}`)).json()) as { lead: { staffStatus: string }; notes: Array<{ body: string; author: string }> };
    assert.equal(ours.lead.staffStatus, "contacted");
    assert.deepEqual(ours.notes.map((n) => [n.body, n.author]), [["Called, call back Tuesday", "owner@greenway-lawn.example"]]);
  });

  test("the CSV holds only the company's own quotes, as filtered", async () => {
    const csv = await (await greenway.get("leads.csv")).text();
    assert.ok(csv.includes(ourLead));
    assert.ok(!csv.includes(theirLead));
    const none = await (await greenway.get("leads.csv?q=nobody-matches-this")).text();
    assert.equal(none.trim().split("\r\n").length, 1, "only the header");
  });

  test("the funnel counts only the company's own quotes", async () => {
    const rows = async (session: Session) => ((await (await session.get("funnel")).json()) as { rows: Array<{ started: number }> }).rows;
    const started = (list: Array<{ started: number }>) => list.reduce((sum, row) => sum + row.started, 0);
    assert.equal(started(await rows(greenway)), (await leadIds(greenway)).length);
    assert.equal(started(await rows(other)), (await leadIds(other)).length);
  });

  test("settings: each company reads and writes its own", async () => {
    assert.equal((await other.post("settings", { alertEmails: ["alerts@bugbusters-pest.example"], alertEvents: ["purchase"] })).status, 200);
    const ours = (await (await greenway.get("settings")).json()) as { alertEmails: string[] };
    assert.ok(!ours.alertEmails.includes("alerts@bugbusters-pest.example"));
    const theirs = (await (await other.get("settings")).json()) as { alertEmails: string[]; alertEvents: string[] };
    assert.deepEqual(theirs, { alertEmails: ["alerts@bugbusters-pest.example"], alertEvents: ["purchase"], isDefault: false });
  });

  test("an invitation joins the inviter's company; another company's staff cannot be removed", async () => {
    const invited = await greenway.post("staff", { email: "crew@greenway-lawn.example", role: "staff" });
    assert.equal(invited.status, 201);
    const member = (await invited.json()) as { id: string; companyId: string };
    assert.equal(member.companyId, "greenway-lawn");
    const mail = await waitForMail("crew@greenway-lawn.example", 1);
    assert.match(mail[0]!.text, /owner@greenway-lawn\.example invited you/);
    const theirStaff = ((await (await other.get("staff")).json()) as { staff: Array<{ id: string; email: string }> }).staff;
    assert.ok(!theirStaff.some((s) => s.email === "crew@greenway-lawn.example"));
    assert.equal((await other.post(`staff/${member.id}/remove`, {})).status, 404);
    assert.equal((await greenway.post("staff", { email: "owner@bugbusters-pest.example", role: "staff" })).status, 409, "an address of another company's account");
    // Invited from the Spanish console: the invitation, and their alerts until they ask for a link themselves, in Spanish.
    const spanish = await greenway.post("staff", { email: "cuadrilla@greenway-lawn.example", role: "staff", lang: "es" });
    assert.equal(spanish.status, 201);
    assert.equal(((await spanish.json()) as { lang: string | null }).lang, "es");
    assert.match((await waitForMail("cuadrilla@greenway-lawn.example", 1))[0]!.text, /owner@greenway-lawn\.example le ha invitado a la consola/);
    const langs = new Map(((await (await greenway.get("staff")).json()) as { staff: Array<{ email: string; lang: string | null }> }).staff.map((s) => [s.email, s.lang]));
    assert.deepEqual([langs.get("cuadrilla@greenway-lawn.example"), langs.get("crew@greenway-lawn.example")], ["es", null]);

    // The invited staff member signs in with the mailed link, sees Greenway, and cannot change owners' things.
    const token = /#sign-in=([\w-]+)/.exec(mail[0]!.text)![1]!;
    const response = await post("session", { token });
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
    const me = (await response.json()) as { role: string; companyId: string; csrfToken: string };
    assert.deepEqual([me.role, me.companyId], ["staff", "greenway-lawn"]);
    const headers = { Cookie: cookie, "X-CSRF-Token": me.csrfToken };
    assert.equal((await post("settings", { alertEmails: [], alertEvents: [] }, headers)).status, 403);
    assert.equal((await post("staff", { email: "x@greenway-lawn.example", role: "owner" }, headers)).status, 403);
    assert.ok((await leadIds({ ...greenway, get: (p) => site.fetch(`${origin()}/console/api/${p}`, { headers: { Cookie: cookie } }) })).includes(ourLead));
  });
});
