// The admin API's stores on SQLite and PostgreSQL: each replace of a document is the next
// version with who and when, the versions before it kept and the current one what the widget
// reads; two server processes replacing at once lose no version; the seed writes the demo's
// documents through the same call (version 1 by "seed"); and admin tokens are kept only as
// hashes (`npm run admin-token` prints the token once; the database never holds it).
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { runAdminTokenCommand } from "../../../server/db/admin-token-main.ts";
import { connectDatabase } from "../../../server/db/database.ts";
import { migrate, MIGRATIONS } from "../../../server/db/migrations.ts";
import { hashAdminToken } from "../../../server/db/admin-token-store.ts";
import { demoAdminToken, loadDemoFixtures, seedDemo } from "../../../demo-site/db/seed.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { useTestDatabases } from "./postgres-server.ts";

const { kinds, newDatabase } = await useTestDatabases("admin");
const WRITER = fileURLToPath(new URL("./admin-writer-process.ts", import.meta.url));
const run = promisify(execFile);

async function open(location: string): Promise<OpenStores> {
  const stores = await openStores(location);
  after(() => stores.close());
  return stores;
}

const config = (botId: string, companyName: string) => JSON.stringify({ id: botId, companyName });
const bot = (botId: string) => ({ companyId: "acme", kind: "config" as const, botId });
const PRICING = { companyId: "acme", kind: "pricing" as const, botId: "" };

/** Every text value in every row of the admin and document tables, for "is the token anywhere?". */
async function everyStoredText(stores: OpenStores): Promise<string> {
  const db = stores.database.db;
  const rows = [
    ...(await db.selectFrom("admin_tokens").selectAll().execute()),
    ...(await db.selectFrom("document_versions").selectAll().execute()),
  ];
  return JSON.stringify(rows);
}

for (const { kind, name, skip } of kinds) {
  describe(`${name}: documents and admin tokens`, { skip }, () => {
    test("each replace is the next version with who and when; earlier versions kept; the current one is the widget's", async () => {
      const stores = await open(await newDatabase(kind));
      const t0 = Date.now();
      const one = await stores.documents.replace(bot("main"), config("main", "Acme"), { changedBy: "seed" });
      const second = await stores.documents.replace(bot("second"), config("second", "Acme 2"), { changedBy: "seed" });
      const two = await stores.documents.replace(bot("main"), config("main", "Acme Lawns"), { changedBy: "token:abc123", label: "ops" });
      assert.deepEqual([one.version, one.created, second.version, two.version, two.created], [1, true, 1, 2, false]);
      assert.ok(Date.parse(two.changedAt) >= t0 - 1000);
      // What the widget's GET reads, and the bots' order (an update keeps its place).
      assert.equal((await stores.companies.findBot("acme", "main"))?.config, config("main", "Acme Lawns"));
      assert.equal((await stores.companies.findFirstBot("acme"))?.botId, "main");
      const current = await stores.documents.current(bot("main"));
      assert.deepEqual({ ...current, changedAt: "" }, { body: config("main", "Acme Lawns"), version: 2, changedBy: "token:abc123", label: "ops", changedAt: "" });
      const versions = await stores.documents.versions(bot("main"));
      assert.deepEqual(versions.map((v) => [v.version, v.changedBy, v.label]), [[2, "token:abc123", "ops"], [1, "seed", null]]);
      assert.equal((await stores.documents.version(bot("main"), 1))?.body, config("main", "Acme"));
      assert.equal(await stores.documents.version(bot("main"), 3), undefined);
      // The pricing document is the company's, versioned the same way.
      assert.equal(await stores.documents.pricing("acme"), undefined);
      await stores.documents.replace(PRICING, '{"currency":"USD"}', { changedBy: "seed" });
      await stores.documents.replace(PRICING, '{"currency":"GBP"}', { changedBy: "token:abc123" });
      assert.equal(await stores.documents.pricing("acme"), '{"currency":"GBP"}');
      assert.deepEqual((await stores.documents.versions(PRICING)).map((v) => v.version), [2, 1]);
    });

    test("two server processes replacing one document at once: every write is a version, numbered from 1 with none lost or repeated", async () => {
      const location = await newDatabase(kind);
      const stores = await open(location);
      await stores.documents.replace(bot("main"), config("main", "Acme"), { changedBy: "seed" });
      const children = Promise.all(["p1", "p2"].map((who) => run(process.execPath, ["--import", "tsx", WRITER, location, "5", who])));
      // And this process while they write (a few at a time, for as long as they run).
      const own: number[] = [];
      let done = false;
      const ownWrites = (async () => {
        while (!done || own.length < 5) {
          own.push((await stores.documents.replace(bot("main"), config("main", `own ${own.length}`), { changedBy: "token:p0" })).version);
          if (own.length >= 5 && done) break;
          // A pace, not a wait for anything: a write every 50 ms interleaves with the children's for as long as they run.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const runs = await children.finally(() => (done = true));
      await ownWrites;
      const theirs = runs.flatMap((output) => JSON.parse(output.stdout) as number[]);
      const total = 1 + own.length + theirs.length;
      const all = [1, ...own, ...theirs].sort((x, y) => x - y);
      assert.deepEqual(all, Array.from({ length: total }, (_, i) => i + 1));
      const versions = await stores.documents.versions(bot("main"));
      assert.deepEqual(versions.map((v) => v.version), Array.from({ length: total }, (_, i) => total - i));
      // The current document is the last version's.
      assert.equal((await stores.companies.findBot("acme", "main"))?.config, (await stores.documents.version(bot("main"), total))?.body);
    });

    test("an upgrade to migration 8 keeps the configurations already stored as their version 1", async () => {
      const location = await newDatabase(kind);
      const old = connectDatabase(location);
      try {
        await migrate(old.db, old.dialect, MIGRATIONS.filter((m) => m.version < 8));
        await old.db.insertInto("companies").values({ company_id: "acme", bot_id: "main", config: config("main", "From before") }).execute();
      } finally {
        await old.close();
      }
      const stores = await open(location);
      assert.deepEqual(
        stores.database.migrations.applied.map((m) => m.version),
        MIGRATIONS.filter((m) => m.version >= 8).map((m) => m.version),
      );
      const [first] = await stores.documents.versions(bot("main"));
      assert.deepEqual([first?.version, first?.changedBy], [1, "migration 8"]);
      assert.match(first?.changedAt ?? "", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      assert.ok(Math.abs(Date.parse(first!.changedAt) - Date.now()) < 60_000, first?.changedAt);
      await stores.documents.replace(bot("main"), config("main", "After"), { changedBy: "token:x" });
      assert.equal((await stores.documents.version(bot("main"), 1))?.body, config("main", "From before"));
    });

    test("a replace inside a transaction that fails leaves neither the document nor its version", async () => {
      const stores = await open(await newDatabase(kind));
      await stores.documents.replace(bot("main"), config("main", "Acme"), { changedBy: "seed" });
      await assert.rejects(
        stores.transaction(async (tx) => {
          await tx.documents.replace(bot("main"), config("main", "Half done"), { changedBy: "token:x" });
          throw new Error("later step failed");
        }),
        /later step failed/,
      );
      assert.equal((await stores.companies.findBot("acme", "main"))?.config, config("main", "Acme"));
      assert.deepEqual((await stores.documents.versions(bot("main"))).map((v) => v.version), [1]);
    });

    test("the demo seed writes every fixture document through the same call: version 1 by seed; seeding again starts afresh", async () => {
      const stores = await open(await newDatabase(kind));
      const fixtures = loadDemoFixtures({ widgetOrigin: "http://localhost:1", measureOrigin: "http://localhost:2", vaultOrigin: "http://localhost:3", crmOrigin: "http://localhost:4" });
      await seedDemo(stores, fixtures);
      await stores.documents.replace({ companyId: "demo-company", kind: "config", botId: "demo-bot" }, config("demo-bot", "Changed"), { changedBy: "token:x" });
      await seedDemo(stores, fixtures);
      const rows = await stores.database.db.selectFrom("document_versions").select(["company_id", "kind", "bot_id", "version", "changed_by"]).execute();
      assert.equal(rows.length, fixtures.companies.length + fixtures.pricing.length);
      for (const row of rows) assert.deepEqual([Number(row.version), row.changed_by], [1, "seed"], `${row.company_id}/${row.kind}/${row.bot_id}`);
      for (const row of fixtures.companies) assert.equal((await stores.companies.findBot(row.companyId, row.botId))?.config, row.config);
      for (const row of fixtures.pricing) assert.equal(await stores.documents.pricing(row.companyId), row.pricing);
      // The demo's documented token works, for its own company.
      assert.equal((await stores.adminTokens.verify(demoAdminToken("demo-company")))?.companyId, "demo-company");
    });

    test("admin tokens are stored only as SHA-256 hashes: verified in constant time, refused when wrong or revoked", async () => {
      const stores = await open(await newDatabase(kind));
      const { token, tokenId } = await stores.adminTokens.create("acme", "deploy script");
      const [, secret] = /^qa_[0-9a-f]{12}_([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
      assert.ok(secret, `the token's shape: ${token}`);
      const stored = await everyStoredText(stores);
      assert.ok(!stored.includes(token), "the raw token is in the database");
      // The whole secret: it may hold '_' itself, so its part after the last '_' can be a few characters found anywhere.
      assert.ok(!stored.includes(secret), "the token's secret is in the database");
      assert.ok(stored.includes(hashAdminToken(token)));
      assert.deepEqual(await stores.adminTokens.verify(token), { tokenId, companyId: "acme", label: "deploy script" });
      for (const wrong of [token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), `${token}x`, "", tokenId, undefined]) {
        assert.equal(await stores.adminTokens.verify(wrong), undefined, String(wrong));
      }
      assert.deepEqual((await stores.adminTokens.list("acme")).map((t) => [t.tokenId, t.label, t.revokedAt]), [[tokenId, "deploy script", null]]);
      assert.equal(await stores.adminTokens.revoke(tokenId), true);
      assert.equal(await stores.adminTokens.verify(token), undefined);
      assert.equal(await stores.adminTokens.revoke(tokenId), false);
    });

    test("npm run admin-token prints the token once; the database keeps its hash only", async () => {
      const location = await newDatabase(kind);
      const lines: string[] = [];
      assert.equal(await runAdminTokenCommand(["acme", "--label", "ci"], location, (line) => lines.push(line)), 0);
      const token = /^(qa_\S+)$/m.exec(lines.join("\n"))?.[1];
      assert.ok(token, lines.join("\n"));
      assert.match(lines.join("\n"), /no configuration yet/);
      const stores = await open(location);
      assert.equal((await stores.adminTokens.verify(token))?.label, "ci");
      assert.ok(!(await everyStoredText(stores)).includes(token));
      if (kind === "sqlite") {
        // Not in the file at all (nor its write-ahead log), not just not in a column.
        const files = readdirSync(dirname(location)).filter((file) => file.startsWith(location.split("/").pop()!));
        for (const file of files) assert.ok(!readFileSync(join(dirname(location), file)).includes(token), file);
      }
      const listed: string[] = [];
      assert.equal(await runAdminTokenCommand(["--list", "acme"], location, (line) => listed.push(line)), 0);
      // `qa_<id>_<secret>`: the id is listed, the secret never. The secret is all that follows
      // the id's "_" (it may hold "_" itself: base64url), not what follows the last one.
      const secret = token.slice(token.indexOf("_", "qa_".length) + 1);
      assert.ok(secret.length >= 16 && !listed.join("\n").includes(secret), listed.join("\n"));
      assert.equal(await runAdminTokenCommand([], location, () => {}), 2);
      assert.equal(await runAdminTokenCommand(["Not An Id"], location, () => {}), 2);
    });
  });
}
