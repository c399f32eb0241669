// The console's builder API through HTTP on the demo site (issue 25): a draft saved only when
// every field passes (400 naming each field in words), the preview answering the draft as test
// traffic while visitors keep the live configuration, publish and restore by an owner only
// (403 for staff), versions with who and when, and every cross-company case a 404.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { ComposedDemoSite } from "../../../demo-site/demo-site.ts";
import { signIn as signInAs, type ConsoleSession } from "./console-session.ts";
import { startTestSite } from "../demo-site/start-test-site.ts";

let site: ComposedDemoSite;
before(async () => {
  site = await startTestSite();
});
after(() => site.close());

const origin = () => site.urls.widget;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  site.fetch(`${origin()}/console/api/${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: origin(), ...headers }, body: JSON.stringify(body) });

type Session = ConsoleSession;
const signIn = (email: string): Promise<Session> => signInAs(site, email);

type Config = Record<string, unknown> & { greeting: string; brandColor: string };
interface Bot {
  live: { config: Config; version: number; changedBy: string };
  draft: { config: Config; savedBy: string } | null;
  canPublish: boolean;
}
const bot = async (session: Session, botId = "lawn") => (await (await session.get(`bots/${botId}`)).json()) as Bot;
/** What a visitor's widget loads. */
const visitorConfig = async () => (await (await site.fetch(`${origin()}/v1/company/greenway-lawn/bot/lawn`)).json()) as Config;
const previewToken = async (session: Session) => ((await (await session.post("bots/lawn/preview")).json()) as { token: string }).token;

describe("the builder's API", () => {
  let owner: Session;
  let staff: Session;
  let otherOwner: Session;
  let original: Config;
  before(async () => {
    owner = await signIn("owner@greenway-lawn.example");
    otherOwner = await signIn("owner@thames-lawns.example");
    assert.equal((await owner.post("staff", { email: "crew@greenway-lawn.example", role: "staff" })).status, 201);
    staff = await signIn("crew@greenway-lawn.example");
    original = (await bot(owner)).live.config;
  });

  test("the owner reads the company's bots and the live configuration, the one visitors get", async () => {
    const list = (await (await owner.get("bots")).json()) as { bots: Array<{ botId: string; companyName: string }> };
    assert.deepEqual(list.bots, [{ botId: "lawn", companyName: "Greenway Lawn Care", botName: "Gwen" }]);
    const read = await bot(owner);
    assert.equal(read.live.config.greeting, (await visitorConfig()).greeting);
    assert.match(read.live.config.greeting, /Welcome to Greenway Lawn Care/);
    assert.equal(read.draft, null);
    assert.equal(read.canPublish, true);
    assert.equal((await bot(staff)).canPublish, false);
  });

  test("a bad value is refused field by field, in words, and nothing is saved", async () => {
    const bad = { ...original, companyLogo: "http://logos.example/greenway.png", brandColor: "greenish", zipCodes: ["43016", "4301A"], minQuotableSize: "big" };
    const response = await owner.post("bots/lawn/draft", { config: bad });
    assert.equal(response.status, 400);
    const { problems } = (await response.json()) as { problems: Array<{ field: string; code: string; message: string }> };
    const byField = Object.fromEntries(problems.map((p) => [p.field, p.message]));
    assert.deepEqual(Object.keys(byField).sort(), ["brandColor", "companyLogo", "minQuotableSize", "zipCodes.1"]);
    assert.equal(byField.companyLogo, "must be a full https:// address");
    assert.match(byField.brandColor!, /is not a colour/);
    assert.match(byField["zipCodes.1"]!, /US ZIP code is 5 digits/);
    assert.equal(byField.minQuotableSize, "must be a number");
    assert.equal((await bot(owner)).draft, null, "no draft saved");
    // Served with the texts box (the demo texts, issue 34): the company's one text in its default schedule.
    assert.deepEqual(await visitorConfig(), { ...original, textConsent: { texts: 1 } }, "visitors see no change");
  });

  test("a draft is saved by staff or owner; visitors keep the live configuration; the preview runs the draft as test traffic", async () => {
    const draft = { ...original, greeting: "Howdy from the draft!", brandColor: "#1e40af" };
    assert.equal((await staff.post("bots/lawn/draft", { config: draft })).status, 200);
    const read = await bot(owner);
    assert.equal(read.draft?.config.greeting, "Howdy from the draft!");
    assert.equal(read.draft?.savedBy, "crew@greenway-lawn.example");
    assert.equal((await visitorConfig()).greeting, original.greeting);

    const token = await previewToken(owner);
    const previewed = (await (await site.fetch(`${origin()}/console/preview-api/${token}/v1/company/greenway-lawn/bot/lawn`)).json()) as Config;
    assert.deepEqual([previewed.greeting, previewed.brandColor], ["Howdy from the draft!", "#1e40af"]);
    // A forged or altered token reads nothing.
    const [payload, signature] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ c: "greenway-lawn", b: "lawn", e: Date.now() + 1e9 })).toString("base64url")}.${signature}`;
    for (const wrong of [forged, `${payload}.${"A".repeat(43)}`, "nonsense"]) {
      assert.equal((await site.fetch(`${origin()}/console/preview-api/${wrong}/v1/company/greenway-lawn/bot/lawn`)).status, 401);
    }
    // Through the preview, the other calls are test traffic: an open is not counted in the funnel.
    const opened = async () => ((await (await owner.get("funnel")).json()) as { rows: Array<{ source: string; opened: number }> }).rows.find((row) => row.source === "builder-test")?.opened ?? 0;
    const open = (base: string) =>
      site.fetch(`${base}/v1/chat/opened`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ companyId: "greenway-lawn", botId: "lawn", attribution: { utm_source: "builder-test" } }) });
    assert.equal((await open(`${origin()}/console/preview-api/${token}`)).status, 204);
    assert.equal(await opened(), 0, "the preview's open is not counted");
    await open(origin());
    assert.equal(await opened(), 1, "a visitor's open is");
  });

  test("staff cannot publish or restore: 403, and nothing changes", async () => {
    assert.equal((await staff.post("bots/lawn/publish")).status, 403);
    assert.equal((await staff.post("bots/lawn/restore", { version: 1 })).status, 403);
    assert.equal((await visitorConfig()).greeting, original.greeting);
    assert.equal((await bot(owner)).draft?.config.greeting, "Howdy from the draft!");
  });

  test("the owner publishes: visitors get the draft; a version with who and when; restoring the earlier one brings it back", async () => {
    const response = await owner.post("bots/lawn/publish");
    assert.equal(response.status, 200);
    assert.equal((await visitorConfig()).greeting, "Howdy from the draft!");
    const read = await bot(owner);
    assert.equal(read.draft, null, "the draft is now live");
    const { versions } = (await (await owner.get("bots/lawn/versions")).json()) as { versions: Array<{ version: number; changedBy: string; changedAt: string }> };
    assert.equal(versions[0]!.changedBy, "owner@greenway-lawn.example");
    assert.ok(Math.abs(Date.parse(versions[0]!.changedAt) - Date.now()) < 60_000);
    assert.equal(versions[1]!.changedBy, "seed");
    assert.equal((await owner.post("bots/lawn/publish")).status, 409, "nothing left to publish");

    assert.equal((await owner.post("bots/lawn/restore", { version: versions[1]!.version })).status, 200);
    assert.equal((await visitorConfig()).greeting, original.greeting);
    const after = (await (await owner.get("bots/lawn/versions")).json()) as { versions: Array<{ version: number; label: string }> };
    assert.equal(after.versions.length, versions.length + 1, "a restore is a new version; none is lost");
    assert.equal(after.versions[0]!.label, `restored version ${versions[1]!.version}`);
  });

  test("another company's bot: every call is a 404, like a missing bot, and nothing changes", async () => {
    const theirs = (await (await otherOwner.get("bots")).json()) as { bots: Array<{ botId: string }> };
    assert.deepEqual(theirs.bots.map((b) => b.botId), ["garden"]);
    const attempts = [
      await otherOwner.get("bots/lawn"),
      await otherOwner.get("bots/lawn/versions"),
      await otherOwner.post("bots/lawn/draft", { config: { ...original, greeting: "Hijacked" } }),
      await otherOwner.post("bots/lawn/draft/discard"),
      await otherOwner.post("bots/lawn/publish"),
      await otherOwner.post("bots/lawn/restore", { version: 1 }),
      await otherOwner.post("bots/lawn/preview"),
      await owner.get("bots/garden"),
      await owner.post("bots/garden/publish"),
    ];
    assert.deepEqual(attempts.map((r) => r.status), [404, 404, 404, 404, 404, 404, 404, 404, 404]);
    assert.equal((await visitorConfig()).greeting, original.greeting);
    assert.equal((await bot(owner)).draft, null);
    // Greenway's preview token does not show Thames's draft either: that call is the public one.
    assert.equal((await otherOwner.post("bots/garden/draft", { config: { ...((await bot(otherOwner, "garden")).live.config), greeting: "Thames draft" } })).status, 200);
    const token = await previewToken(owner);
    const crossed = (await (await site.fetch(`${origin()}/console/preview-api/${token}/v1/company/thames-lawns/bot/garden`)).json()) as Config;
    assert.notEqual(crossed.greeting, "Thames draft");
  });

  test("without a session nothing is read; writes need the CSRF token", async () => {
    assert.equal((await site.fetch(`${origin()}/console/api/bots/lawn`)).status, 401);
    assert.equal((await post("bots/lawn/publish", {})).status, 401);
  });
});
