// The production install as a company's engineer does it, from a clean copy of this working
// tree (its files as git sees them: tracked and new, never node_modules/, dist/ or a database):
// `npm ci`, `npm run build`, `npm ci --omit=dev` (the devDependencies gone), then `npm run serve`
// on a PostgreSQL server of its own with the demo companies seeded (SEED_DEMO=1). /readyz
// answers 200, and a quote is started and priced for a size the visitor typed, as the sources
// price it. npm installs from its cache (--prefer-offline), so the two installs take seconds.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import pg from "pg";
import * as v from "valibot";
import { PriceBlocksSchema } from "../../src/contract/quote-services.ts";
import { QuoteStartSchema } from "../../src/contract/quote-start.ts";
import { priceQuote } from "../../server/pricing/price-blocks.ts";
import { loadPricingTables } from "../../server/pricing/pricing-tables.ts";
import { startTestPostgres, type TestPostgres } from "../server/demo-site/postgres-server.ts";
import { call } from "../server/payments/serve-client.ts";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

interface Ran {
  code: number | null;
  output: string;
  ms: number;
}

/** npm's own settings from an `npm test` around us would leak into the copy's installs: only the cache is kept. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^npm_/i.test(name) || /^npm_config_cache$/i.test(name)) env[name] = value;
  return { ...env, ...extra };
}

function run(command: string, args: string[], cwd: string, input?: string): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanEnv(), stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, output, ms: Date.now() - started }));
    child.stdin.end(input);
  });
}

async function mustRun(command: string, args: string[], cwd: string, input?: string): Promise<Ran> {
  const ran = await run(command, args, cwd, input);
  assert.equal(ran.code, 0, `${command} ${args.join(" ")} failed:\n${ran.output.slice(-3000)}`);
  return ran;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe("a production install from a clean copy, on PostgreSQL", { timeout: 240_000 }, () => {
  let dir: string;
  let postgres: TestPostgres;
  let databaseUrl: string;
  let server: ChildProcess | undefined;
  let log = "";
  let base: string;
  const steps: Record<string, number> = {};

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "qa-install-"));
    // The working tree as git sees it (tracked and untracked files, minus what .gitignore names).
    const files = (await mustRun("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], REPO)).output
      .split("\0")
      .filter((file) => file !== "" && existsSync(join(REPO, file)));
    await mustRun("tar", ["-cf", join(dir, "tree.tar"), "--null", "-T", "-"], REPO, files.join("\0"));
    await mustRun("tar", ["-xf", "tree.tar"], dir);
    rmSync(join(dir, "tree.tar"));
    postgres = await startTestPostgres();
    databaseUrl = await postgres.createDatabase("production_install");
  });

  after(async () => {
    if (server && server.exitCode === null && server.pid) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      process.kill(-server.pid, "SIGTERM");
      await exited;
    }
    await postgres?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("npm ci, npm run build, npm ci --omit=dev: the server's files are built and no devDependency is installed", async () => {
    const npm = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
    steps["npm ci"] = (await mustRun("npm", ["ci", ...npm], dir)).ms;
    steps["npm run build"] = (await mustRun("npm", ["run", "build"], dir)).ms;
    steps["npm ci --omit=dev"] = (await mustRun("npm", ["ci", "--omit=dev", ...npm], dir)).ms;
    assert.ok(existsSync(join(dir, "dist-server", "serve.mjs")), "dist-server/serve.mjs is built");
    assert.ok(existsSync(join(dir, "dist", "quote-assistant.js")), "dist/quote-assistant.js is built");
    // (typescript and @types/node stay: valibot and stripe name them as optional peers; neither
    // is loaded at run time.)
    for (const devOnly of ["tsx", "esbuild", "playwright-core", "happy-dom", "smtp-server"]) {
      assert.ok(!existsSync(join(dir, "node_modules", devOnly)), `${devOnly} is not installed by npm ci --omit=dev`);
    }
  });

  test("npm run serve starts on PostgreSQL with the demo companies seeded; /readyz answers 200", async () => {
    const port = await freePort();
    const started = Date.now();
    server = spawn("npm", ["run", "serve"], {
      cwd: dir,
      detached: true,
      env: cleanEnv({ NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, SEED_DEMO: "1", LOG_LEVEL: "info" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    base = `http://127.0.0.1:${port}`;
    // Up when its log says it listens (or it ended, which fails below with the log).
    await new Promise<void>((resolve) => {
      const check = () => (/"msg":"listening"/.test(log) || server!.exitCode !== null ? resolve() : undefined);
      server!.stdout!.on("data", check);
      server!.once("exit", () => resolve());
      check();
    });
    assert.equal(server.exitCode, null, `npm run serve ended:\n${log}`);
    steps["npm run serve (until listening)"] = Date.now() - started;
    assert.match(log, /"database":"postgres"/);
    const ready = await call(`${base}/readyz`);
    assert.deepEqual([ready.status, ready.json], [200, { ok: true }]);
  });

  test("a quote is started and priced for a typed size, as the sources price it, and stored in PostgreSQL", async (t) => {
    assert.ok(base, "the server is up");
    const address = { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" };
    const start = await call(`${base}/v1/quote/start`, {
      body: {
        companyId: "demo-company",
        botId: "demo-bot",
        source: null,
        referrer: null,
        additionalSourceInfo: null,
        salesTaxRate: 0,
        customer: { firstName: "Pat", lastName: "Rivera", phoneNumber: "6145550177", email: "pat.rivera@example.com", address },
      },
    });
    assert.equal(start.status, 200, start.text);
    const quote = v.parse(QuoteStartSchema, start.json);
    const typed = 7250;
    const serviceTypes = ["Fertilizer & Weed Control"];
    const priced = await call(`${base}/v1/rtp/quote/services`, {
      body: { serviceTypes, companyId: "demo-company", botId: "demo-bot", quoteId: quote.id, estimate: typed, answers: {}, ...address },
    });
    assert.equal(priced.status, 200, priced.text);
    const blocks = v.parse(PriceBlocksSchema, priced.json);
    const table = loadPricingTables().find("demo-company", "demo-bot");
    assert.ok(table);
    const expected = priceQuote(table, { estimate: typed, serviceTypes, answers: {}, widgetOrigin: base });
    assert.equal(expected.status, "ok");
    assert.deepEqual(blocks, v.parse(PriceBlocksSchema, expected.status === "ok" ? expected.blocks : []));
    assert.ok(blocks.some((block) => block.serviceType === serviceTypes[0]), "the chosen service is priced");

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const row = await client.query("SELECT company_id FROM quotes WHERE id = $1", [quote.id]);
      assert.deepEqual(row.rows, [{ company_id: "demo-company" }]);
    } finally {
      await client.end();
    }
    t.diagnostic(`steps (ms): ${JSON.stringify(steps)}`);
  });
});
