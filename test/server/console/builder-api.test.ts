// The console's builder API, part B (issue 25), through HTTP on the demo site: prices read,
// refused and saved as versions (owner only, every field at fault named, nothing stored while
// invalid); the calculator answering what the quote route and the amount check would; the tax
// table import; the Install page's snippet values and first sightings; webhook URLs, the secret
// shown once, the test event and the retry. Every write from staff or from another company is
// refused, and another company's deliveries are out of reach. Over 300 lines on purpose: one
// signed-in site (owner, staff, another company) shared by the four pages' cases.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { signIn as signInAs, type ConsoleSession } from "./console-session.ts";
import { useTestSite } from "../demo-site/start-test-site.ts";
import { newVisitorStart } from "../demo-site/api-test-data.ts";

const site = useTestSite();
const origin = () => site.urls.widget;



type Session = ConsoleSession;
const signIn = (email: string): Promise<Session> => signInAs(site, email);

let sessions: Promise<{ owner: Session; staff: Session; other: Session }> | undefined;
/** Greenway's owner, a staff member the owner invites, and another company's owner. */
const people = () =>
  (sessions ??= (async () => {
    const owner = await signIn("owner@greenway-lawn.example");
    assert.equal((await owner.send("POST", "staff", { email: "crew@greenway-lawn.example", role: "staff" })).status, 201);
    return { owner, staff: await signIn("crew@greenway-lawn.example"), other: await signIn("owner@bugbusters-pest.example") };
  })());

interface PricesAnswer {
  document: { programs: Array<{ id: string; price: { kind: string; perApplication: number[] | number } }>; lawnSizeBrackets: number[] };
  version: number;
  versions: Array<{ version: number; changedBy: string; changedAt: string }>;
  canEdit: boolean;
}
const prices = async (session: Session) => (await (await session.get("builder/prices")).json()) as PricesAnswer;
const publicPriceOf = async (programType: string, estimate: number) => {
  // What a visitor is quoted: the quote route itself.
  const started = await site.fetch(`${site.api}/v1/quote/start`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(newVisitorStart({ phoneNumber: `61455${String(Date.now()).slice(-5)}` })) });
  assert.equal(started.status, 200, await started.clone().text());
  const { id: quoteId } = (await started.json()) as { id: string };
  const priced = await site.fetch(`${site.api}/v1/rtp/quote/services`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ companyId: "greenway-lawn", botId: "lawn", quoteId, estimate, serviceTypes: [programType], answers: {}, street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" }),
  });
  assert.equal(priced.status, 200, await priced.clone().text());
  const blocks = (await priced.json()) as Array<{ serviceType: string; services: { application: Array<{ grossPrice: number | string }> } }>;
  return blocks.find((block) => block.serviceType === programType)!.services.application[0]!.grossPrice;
};

describe("prices", () => {
  test("the owner reads the table with its versions; staff read it but may not edit", async () => {
    const { owner, staff } = await people();
    const mine = await prices(owner);
    assert.ok(mine.version >= 1);
    assert.equal(mine.canEdit, true);
    assert.ok(mine.document.programs.some((p) => p.id === "mowing"));
    assert.equal((await prices(staff)).canEdit, false);
  });

  test("a bad document is refused with every field at fault, and nothing is stored", async () => {
    const { owner } = await people();
    const before = await prices(owner);
    const document = structuredClone(before.document) as PricesAnswer["document"];
    const mowing = document.programs.find((p) => p.id === "mowing")!;
    (mowing.price.perApplication as unknown[])[0] = "cheap";
    document.lawnSizeBrackets[1] = 1;
    const response = await owner.send("PUT", "builder/prices", { document, baseVersion: before.version });
    assert.equal(response.status, 400);
    const body = (await response.json()) as { message: string; issues: Array<{ path: string; message: string }> };
    const at = document.programs.indexOf(mowing);
    assert.ok(body.issues.some((issue) => issue.path === `programs.${at}.price.perApplication.0`), JSON.stringify(body.issues));
    assert.match(body.message, /^Invalid /);
    // A cross-field rule of the same schema.
    const brackets = structuredClone(before.document) as PricesAnswer["document"];
    brackets.lawnSizeBrackets[1] = 1;
    const refused = (await (await owner.send("PUT", "builder/prices", { document: brackets })).json()) as { issues: Array<{ path: string; message: string }> };
    assert.deepEqual(refused.issues.map((issue) => issue.path), ["lawnSizeBrackets.1"]);
    assert.equal((await prices(owner)).version, before.version, "no new version");
    for (const bad of ["not json", JSON.stringify({ document: "x" }), JSON.stringify({})]) {
      const answer = await owner.send("PUT", "builder/prices", bad);
      assert.equal(answer.status, 400);
      assert.ok(((await answer.json()) as { message: string }).message.length > 0);
    }
    assert.equal((await prices(owner)).version, before.version);
  });

  test("staff get 403 and another company's owner changes only their own prices", async () => {
    const { owner, staff, other } = await people();
    const before = await prices(owner);
    const refused = await staff.send("PUT", "builder/prices", { document: before.document });
    assert.equal(refused.status, 403);
    assert.match(((await refused.json()) as { message: string }).message, /Only an owner can change prices/);
    // Greenway's table put by another company's owner lands (or is refused) in their company only.
    const theirs = await other.send("PUT", "builder/prices", { document: before.document });
    assert.equal(theirs.status, 200, "Bug Busters sells in USD by sq ft too: the table fits their bot");
    assert.equal((await prices(owner)).version, before.version, "Greenway's prices untouched");
    assert.ok((await prices(other)).document.programs.some((p) => p.id === "mowing"), "it became Bug Busters' own table");
  });

  test("a saved price is a new version by the owner, and is what the quote route prices", async () => {
    const { owner } = await people();
    const before = await prices(owner);
    const document = structuredClone(before.document);
    const mowing = document.programs.find((p) => p.id === "mowing")!;
    (mowing.price.perApplication as number[])[0] = 37.25;
    const response = await owner.send("PUT", "builder/prices", { document, baseVersion: before.version });
    assert.equal(response.status, 200, await response.clone().text());
    const saved = (await response.json()) as { version: number; changedBy: string };
    assert.equal(saved.version, before.version + 1);
    assert.equal(saved.changedBy, "owner@greenway-lawn.example");
    const after = await prices(owner);
    assert.equal(after.versions[0]!.changedBy, "owner@greenway-lawn.example");
    assert.equal(Number(await publicPriceOf("Mowing", 4000)), 37.25);
    // A save from the older version is refused (someone saved meanwhile).
    assert.equal((await owner.send("PUT", "builder/prices", { document, baseVersion: before.version })).status, 409);
  });

  test("the calculator answers the server's own prices with the ZIP code's tax, for a draft too", async () => {
    const { owner, staff } = await people();
    const ask = async (session: Session, body: unknown) => {
      const response = await session.send("POST", "builder/prices/calculate", body);
      return { status: response.status, body: (await response.json()) as { status: string; taxPercent: number; currency: string; programs: Array<{ programId: string; perApplication: string; dueToday: string; taxToday: string }>; message?: string } };
    };
    const saved = await ask(staff, { size: 4000, postalCode: "43017" });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.currency, "USD");
    assert.equal(saved.body.taxPercent, 7.5, "Dublin, OH from the imported table");
    const fert = saved.body.programs.find((p) => p.programId === "fert-weed")!;
    // 45.00 a visit, 7.5 % tax: 48.38 (45 × 1.075 = 48.375, rounded half up).
    assert.equal(fert.perApplication, "48.38");
    const untaxed = await ask(owner, { size: 4000, postalCode: "43082" });
    assert.equal(untaxed.body.taxPercent, 0, "an untaxed ZIP code of the configuration");
    assert.equal(untaxed.body.programs.find((p) => p.programId === "fert-weed")!.perApplication, "45.00");
    const draft = structuredClone((await prices(owner)).document);
    (draft.programs.find((p) => p.id === "fert-weed")!.price.perApplication as number[])[0] = 50;
    const drafted = await ask(owner, { size: 4000, postalCode: "43082", document: draft });
    assert.equal(drafted.body.programs.find((p) => p.programId === "fert-weed")!.perApplication, "50.00");
    const tooBig = await ask(owner, { size: 999_999, postalCode: "43017" });
    assert.equal(tooBig.body.status, "too-big");
    for (const bad of [{ size: -1, postalCode: "43017" }, { size: 4000, postalCode: "" }, { size: "big", postalCode: "43017" }]) {
      const refused = await ask(owner, bad);
      assert.equal(refused.status, 400);
      assert.ok(refused.body.message);
    }
  });
});

describe("tax table", () => {
  const csv = "State,ZipCode,TaxRegionName,EstimatedCombinedRate\nOH,43017,FRANKLIN,0.080000\nOH,43016,FRANKLIN,0.075000\n";

  test("the owner imports the CSV; its date and row count are shown; the calculator uses it", async () => {
    const { owner, staff } = await people();
    const response = await owner.send("PUT", "builder/tax-rates", csv, { "Content-Type": "text/csv", "X-File-Name": "rates-oh.csv" });
    assert.equal(response.status, 200, await response.clone().text());
    const last = (await (await staff.get("builder/tax-rates")).json()) as { importedAt: string; rowCount: number; source: string };
    assert.equal(last.rowCount, 2);
    assert.equal(last.source, "rates-oh.csv");
    assert.ok(Date.now() - Date.parse(last.importedAt) < 60_000);
    const calculated = (await (await owner.send("POST", "builder/prices/calculate", { size: 4000, postalCode: "43017" })).json()) as { taxPercent: number };
    assert.equal(calculated.taxPercent, 8);
  });

  test("a bad CSV or a staff member's import changes nothing; another company sees its own table", async () => {
    const { owner, staff, other } = await people();
    const before = await (await owner.get("builder/tax-rates")).text();
    const bad = await owner.send("PUT", "builder/tax-rates", "Zip,Rate\n43017,x\n", { "Content-Type": "text/csv" });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { message: string }).message, /State, ZipCode and EstimatedCombinedRate/);
    assert.equal((await staff.send("PUT", "builder/tax-rates", csv, { "Content-Type": "text/csv" })).status, 403);
    assert.equal(await (await owner.get("builder/tax-rates")).text(), before);
    const theirs = (await (await other.get("builder/tax-rates")).json()) as { source: string | null };
    assert.notEqual(theirs.source, "rates-oh.csv");
  });
});

describe("install", () => {
  test("the snippet's values for this company and the first sighting per site origin", async () => {
    const { owner, other } = await people();
    const config = (origin: string) => site.fetch(`${site.api}/v1/company/greenway-lawn/bot/lawn`, { headers: { Origin: origin } });
    await config("https://www.greenway-lawn.example");
    await config("https://www.greenway-lawn.example");
    await site.fetch(`${site.api}/v1/company/greenway-lawn/bot/lawn?preview=true`, { headers: { Origin: "https://preview.example" } });
    await config("not an origin");
    const install = (await (await owner.get("builder/install")).json()) as {
      widgetOrigin: string;
      bots: Array<{ botId: string; companyName: string; brandColor: string }>;
      sightings: Array<{ botId: string; origin: string; firstSeenAt: string }>;
    };
    assert.equal(install.widgetOrigin, site.api);
    assert.deepEqual(install.bots[0], { botId: "lawn", companyName: "Greenway Lawn Care", brandColor: "#8bc34a" });
    const seen = install.sightings.filter((s) => s.origin === "https://www.greenway-lawn.example");
    assert.equal(seen.length, 1, "one row per origin, the first");
    assert.ok(!install.sightings.some((s) => s.origin === "https://preview.example"), "preview traffic is not a sighting");
    const theirs = (await (await other.get("builder/install")).json()) as { sightings: Array<{ origin: string }> };
    assert.ok(!theirs.sightings.some((s) => s.origin === "https://www.greenway-lawn.example"));
  });
});

describe("webhooks", () => {
  interface Hooks {
    urls: string[];
    hasSecret: boolean;
    canEdit: boolean;
    deliveries: Array<{ id: number; state: string; eventType: string; attempts: Array<{ statusCode: number | null }> }>;
  }
  const hooks = async (session: Session) => (await (await session.get("builder/webhooks")).json()) as Hooks;

  test("URLs: https (or this machine in the demo), at most five, no duplicates; owner only", async () => {
    const { owner, staff } = await people();
    const before = await hooks(owner);
    assert.equal(before.hasSecret, true);
    for (const urls of [["ftp://example.com/hook"], ["javascript:alert(1)"], ["https://a.example/x", "https://a.example/x"], Array.from({ length: 6 }, (_, i) => `https://h${i}.example/`)]) {
      const refused = await owner.send("PUT", "builder/webhooks/urls", { urls });
      assert.equal(refused.status, 400, JSON.stringify(urls));
    }
    assert.equal((await staff.send("PUT", "builder/webhooks/urls", { urls: [] })).status, 403);
    assert.deepEqual((await hooks(owner)).urls, before.urls, "nothing stored");
    const added = await owner.send("PUT", "builder/webhooks/urls", { urls: [...before.urls, "https://hooks.greenway-lawn.example/qa"] });
    assert.equal(added.status, 200);
    assert.deepEqual((await hooks(staff)).urls, [...before.urls, "https://hooks.greenway-lawn.example/qa"]);
    assert.equal((await owner.send("PUT", "builder/webhooks/urls", { urls: before.urls })).status, 200);
  });

  test("a failed delivery is logged with its attempts; retry makes it due again; another company cannot retry it", async () => {
    const { owner, other } = await people();
    // A delivery of Greenway's that failed (as the worker records one).
    site.db
      .prepare("INSERT INTO webhook_outbox (event_id, event_type, company_id, url, payload, state, attempts, next_attempt_at, created_at) VALUES (?, 'lead', 'greenway-lawn', 'http://127.0.0.1:9/hook', '{}', 'dead', 1, ?, ?)")
      .run("evt-builder-test", new Date().toISOString(), new Date().toISOString());
    const id = Number((site.db.prepare("SELECT id FROM webhook_outbox WHERE event_id = 'evt-builder-test'").get() as { id: number }).id);
    site.db
      .prepare("INSERT INTO webhook_deliveries (outbox_id, event_id, url, attempt, status_code, error, duration_ms, attempted_at) VALUES (?, 'evt-builder-test', 'http://127.0.0.1:9/hook', 1, 503, 'HTTP 503', 12, ?)")
      .run(id, new Date().toISOString());
    const logged = (await hooks(owner)).deliveries.find((d) => d.id === id)!;
    assert.equal(logged.state, "dead");
    assert.deepEqual(logged.attempts.map((a) => a.statusCode), [503]);
    assert.ok(!(await hooks(other)).deliveries.some((d) => d.id === id), "not in another company's log");
    assert.equal((await other.send("POST", `builder/webhooks/deliveries/${id}/retry`, {})).status, 404);
    assert.equal((await owner.send("POST", "builder/webhooks/deliveries/abc/retry", {})).status, 400);
    const retried = await owner.send("POST", `builder/webhooks/deliveries/${id}/retry`, {});
    assert.equal(retried.status, 200);
    const row = site.db.prepare("SELECT state FROM webhook_outbox WHERE id = ?").get(id) as { state: string };
    assert.ok(["pending", "dead"].includes(row.state), "due again (the worker may already have tried it)");
  });

  test("a test event is signed with the secret; a rotated secret is shown once and signs from then on", async () => {
    const { owner, staff } = await people();
    type Sent = { eventId: string; results: Array<{ url: string; ok: boolean; statusCode: number | null }> };
    const received = async () => ((await (await site.fetch(`${site.urls.receiver}/received.json`)).json()) as { events: Array<{ eventId: string; type: string }> }).events;
    const first = (await (await staff.send("POST", "builder/webhooks/test", {})).json()) as Sent;
    assert.deepEqual(first.results.map((r) => [r.ok, r.statusCode]), [[true, 200]], "the demo receiver verified the signature");
    assert.equal((await received()).find((e) => e.eventId === first.eventId)?.type, "test");

    assert.equal((await staff.send("POST", "builder/webhooks/secret", {})).status, 403);
    const rotated = (await (await owner.send("POST", "builder/webhooks/secret", {})).json()) as { secret: string };
    assert.match(rotated.secret, /^whsec_[\w-]{43}$/);
    const listed = await (await owner.get("builder/webhooks")).text();
    assert.ok(!listed.includes(rotated.secret), "never shown again");
    // The demo receiver still holds the fixture's secret: it now refuses what the new one signs.
    const second = (await (await owner.send("POST", "builder/webhooks/test", {})).json()) as Sent;
    assert.deepEqual(second.results.map((r) => [r.ok, r.statusCode]), [[false, 401]]);
    assert.ok(!(await received()).some((e) => e.eventId === second.eventId));
  });

  test("without a session or with another origin, every builder route is refused", async () => {
    for (const path of ["builder/prices", "builder/tax-rates", "builder/install", "builder/webhooks"]) {
      assert.equal((await site.fetch(`${origin()}/console/api/${path}`)).status, 401, path);
    }
    const { owner } = await people();
    const evil = await owner.send("POST", "builder/webhooks/secret", {}, { Origin: "https://evil.example" });
    assert.equal(evil.status, 403);
  });
});
