// Load benchmark of the production entry (`npm run bench:load`): N concurrent clients for T
// seconds on loopback, each repeating a visitor's three server-heavy calls (POST
// /v1/quote/start, POST /v1/rtp/quote/services, POST /v1/secure/payment with a test card)
// against one or two `serve` processes sharing one database. Every 5th payment is sent twice
// with its key (the second time to the other server, when there are two), as a widget retries.
// Afterwards it checks the database: every 200 has its row, and no idempotency key was
// charged twice. Stops by itself after T seconds (plus at most the requests then in flight).
// One untimed visitor per server warms the processes up first.
//
//   LOAD_CLIENTS=50 LOAD_SECONDS=30 LOAD_SERVERS=1 DATABASE_URL=path.db npm run bench:load
//   (also --clients=, --seconds=, --servers=; LOAD_PORT_BASE, default 5500)
//
// Figures are merged into bench/results.json under "load" (one entry per database and
// number of servers), leaving the file's other keys as they are. BENCH_ONLY=1 prints only.
// Over 300 lines on purpose: one runnable benchmark: its method, its clients and its database check after the run are read together.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { connectDatabase, isPostgresUrl } from "../server/db/database.ts";
import type { PaymentBody } from "../src/contract/payment-contract.ts";
import { pricedPaymentBody } from "../test/unit/demo-site/priced-payment.ts";

const RESULTS_PATH = new URL("./results.json", import.meta.url);
const SERVE_SCRIPT = fileURLToPath(new URL("../server/production/serve.ts", import.meta.url));

function option(name: string, envName: string, fallback: number, min: number, max: number): number {
  const arg = process.argv.find((entry) => entry.startsWith(`--${name}=`))?.slice(name.length + 3);
  const raw = arg ?? process.env[envName];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${envName} / --${name}=${raw}: a whole number from ${min} to ${max}`);
  return value;
}

type Kind = "start" | "prices" | "payment" | "retry";

interface Sample {
  kind: Kind;
  ms: number;
  status: number;
}

interface Paid {
  quoteId: string;
  key: string;
  transactionId: string;
}

const serverErrors: string[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 1000 });

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(url, { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let json: unknown = null;
        try {
          json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          // counted by its status
        }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on("error", () => resolve({ status: 0, json: null }));
    });
    req.on("error", () => resolve({ status: 0, json: null }));
    req.end(text);
  });
}

// demo-company charges through Stripe (the test processor here): the backend takes only the
// company's processor, and recomputes the amount from the quote's prices (server-amount.ts).
const COMPANY_ID = "demo-company";
const ADDRESS = { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" };

const startBody = (phoneNumber: string) => ({
  companyId: COMPANY_ID,
  botId: "demo-bot",
  source: null,
  referrer: null,
  additionalSourceInfo: null,
  salesTaxRate: 7.5,
  customer: {
    firstName: "Load",
    lastName: "Tester",
    phoneNumber,
    email: "load.tester@example.com",
    address: ADDRESS,
  },
});

const pricesBody = (quoteId: string) => ({
  serviceTypes: ["Fertilizer & Weed Control"],
  companyId: COMPANY_ID,
  quoteId,
  botId: "demo-bot",
  estimate: 6000,
  answers: { "Greeting.Selection": "Let's Get Started" },
  ...ADDRESS,
});

/** Every quote here is priced alike: the widget's payment body of the warm-up quote, made once. */
let paymentTemplate: PaymentBody | undefined;
const paymentBody = (quoteId: string) => ({ ...paymentTemplate!, quoteId });

function startServe(port: number, databaseUrl: string, seed: boolean): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVE_SCRIPT], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, SEED_DEMO: seed ? "1" : "", LOG_LEVEL: "info", STRIPE_SECRET_KEY: "", PAYMENTS_TEST_MODE: "1" },
    // Request logs are written as in production, and dropped here.
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString("utf8");
      const match = /"msg":"listening","url":"([^"]+)"/.exec(seen);
      if (match?.[1]) {
        seen = "";
        child.stdout?.off("data", onData);
        // Request lines are dropped; the servers' own errors are kept to be shown.
        let rest = "";
        child.stdout?.on("data", (more: Buffer) => {
          const lines = (rest + more.toString("utf8")).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) if (line.includes('"level":"error"') && !line.includes('"msg":"request"') && serverErrors.length < 5) serverErrors.push(line);
        });
        resolve({ child, url: match[1] });
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`serve on port ${port} exited with ${code} before listening`)));
  });
}

function stopServe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);
const round = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

function summarize(samples: readonly Sample[], seconds: number) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const errors = samples.filter((s) => s.status !== 200).length;
  return {
    requests: samples.length,
    requestsPerSecond: round(samples.length / seconds),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? null),
    errors,
    /** status → count of the non-200 answers (0: no answer at all). */
    errorStatuses: Object.fromEntries(
      [...new Set(samples.filter((s) => s.status !== 200).map((s) => s.status))].map((status) => [status, samples.filter((s) => s.status === status).length]),
    ),
  };
}

async function main() {
  const clients = option("clients", "LOAD_CLIENTS", 50, 1, 1000);
  const seconds = option("seconds", "LOAD_SECONDS", 30, 1, 600);
  const serverCount = option("servers", "LOAD_SERVERS", 1, 1, 2);
  const portBase = option("port-base", "LOAD_PORT_BASE", 5500, 1024, 65000);
  const givenUrl = process.env.DATABASE_URL;
  const tempDir = givenUrl ? undefined : mkdtempSync(join(tmpdir(), "qa-load-"));
  const databaseUrl = givenUrl || join(tempDir!, "load.db");
  const database = isPostgresUrl(databaseUrl) ? "postgres" : "sqlite";

  const servers: Array<{ child: ChildProcess; url: string }> = [];
  try {
    // The first seeds the demo companies into an empty database; the second finds them there.
    for (let i = 0; i < serverCount; i++) servers.push(await startServe(portBase + i, databaseUrl, i === 0));
    console.log(`${clients} clients for ${seconds} s against ${servers.map((s) => s.url).join(" and ")} on ${database} (${databaseUrl})`);

    const samples: Sample[] = [];
    const okStarts: string[] = [];
    const paid: Paid[] = [];
    const retryMismatches: string[] = [];
    let phone = 2000000000 + Math.floor(Math.random() * 1000) * 1_000_000;
    let payments = 0;

    // Warm-up, not counted: one visitor per server, so the first timed requests do not pay
    // for module loading and JIT in a cold process.
    for (const { url } of servers) {
      const warm = await post(`${url}/v1/quote/start`, startBody(String(phone++)));
      const warmId = (warm.json as { id?: string } | null)?.id;
      if (warm.status !== 200 || !warmId) throw new Error(`warm-up quote start on ${url}: HTTP ${warm.status}`);
      await post(`${url}/v1/rtp/quote/services`, pricesBody(warmId));
      paymentTemplate ??= await pricedPaymentBody(
        { api: url, companyId: COMPANY_ID, botId: "demo-bot", quoteId: warmId, address: ADDRESS },
        { paymentMethod: "stripe", token: "tok_visa" },
      );
      await post(`${url}/v1/secure/payment`, paymentBody(warmId), { "Idempotency-Key": randomUUID() });
    }
    const deadline = performance.now() + seconds * 1000;

    async function timed(kind: Kind, send: () => Promise<{ status: number; json: unknown }>) {
      const t0 = performance.now();
      const answer = await send();
      samples.push({ kind, ms: performance.now() - t0, status: answer.status });
      return answer;
    }

    async function client(index: number) {
      let round = 0;
      while (performance.now() < deadline) {
        round++;
        const base = servers[(index + round) % servers.length]!.url;
        const other = servers[(index + round + 1) % servers.length]!.url;
        const started = await timed("start", () => post(`${base}/v1/quote/start`, startBody(String(phone++))));
        const quoteId = (started.json as { id?: string } | null)?.id;
        if (started.status !== 200 || !quoteId) continue;
        okStarts.push(quoteId);
        if (performance.now() >= deadline) break;
        await timed("prices", () => post(`${base}/v1/rtp/quote/services`, pricesBody(quoteId)));
        if (performance.now() >= deadline) break;
        const key = randomUUID();
        const payment = await timed("payment", () => post(`${base}/v1/secure/payment`, paymentBody(quoteId), { "Idempotency-Key": key }));
        const transactionId = (payment.json as { transactionId?: string } | null)?.transactionId;
        if (payment.status === 200 && transactionId) paid.push({ quoteId, key, transactionId });
        if (++payments % 5 === 0 && performance.now() < deadline) {
          const again = await timed("retry", () => post(`${other}/v1/secure/payment`, paymentBody(quoteId), { "Idempotency-Key": key }));
          const replayed = (again.json as { transactionId?: string } | null)?.transactionId;
          if (again.status === 200 && replayed !== transactionId) retryMismatches.push(key);
        }
      }
    }

    const t0 = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
    const elapsed = (performance.now() - t0) / 1000;
    for (const { child } of servers) await stopServe(child);
    agent.destroy();

    // Afterwards: every 200 has its row, and no key was charged twice.
    const { db, close } = connectDatabase(databaseUrl.replace(/^sqlite:(\/\/)?/, ""));
    const quoteIds = new Set(
      (await db.selectFrom("quotes").select("id").where("company_id", "=", COMPANY_ID).execute()).map((row) => row.id),
    );
    const paymentRows = new Map(
      (await db.selectFrom("payments").select(["idempotency_key", "status", "transaction_id"]).where("company_id", "=", COMPANY_ID).execute()).map(
        (row) => [row.idempotency_key, row] as const,
      ),
    );
    const missingQuotes = okStarts.filter((id) => !quoteIds.has(id)).length;
    const missingPayments = paid.filter((p) => {
      const row = paymentRows.get(p.key);
      return !row || row.status !== "succeeded" || row.transaction_id !== p.transactionId;
    }).length;
    const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);
    const chargedTwice = await count(
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT idempotency_key FROM payment_requests WHERE outcome = 'charged' GROUP BY company_id, idempotency_key HAVING COUNT(*) > 1) twice`,
    );
    const quotesPaidTwice = await count(
      sql<{ n: number }>`SELECT COUNT(*) AS n FROM (SELECT quote_id FROM payments WHERE status = 'succeeded' GROUP BY company_id, quote_id HAVING COUNT(*) > 1) twice`,
    );
    await close();

    const byKind = Object.fromEntries(
      (["start", "prices", "payment", "retry"] as const).map((kind) => [kind, summarize(samples.filter((s) => s.kind === kind), elapsed)]),
    );
    const entry = {
      generatedAt: new Date().toISOString(),
      database,
      servers: serverCount,
      clients,
      seconds,
      elapsedS: round(elapsed),
      environment: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? "unknown" },
      all: summarize(samples, elapsed),
      byKind,
      checks: {
        quotesStarted: okStarts.length,
        quotesWithoutRow: missingQuotes,
        payments200: paid.length,
        paymentsWithoutRow: missingPayments,
        keysChargedTwice: chargedTwice,
        quotesPaidTwice,
        retriesWithAnotherAnswer: retryMismatches.length,
      },
    };
    console.log(JSON.stringify(entry, null, 2));
    if (serverErrors.length) console.log(`the servers' first errors:\n${serverErrors.join("\n")}`);
    if (!process.env.BENCH_ONLY) {
      const existing = existsSync(RESULTS_PATH) ? (JSON.parse(readFileSync(RESULTS_PATH, "utf8")) as Record<string, unknown>) : {};
      const load = (existing.load ?? {}) as Record<string, unknown>;
      writeFileSync(RESULTS_PATH, JSON.stringify({ ...existing, load: { ...load, [`${database}-${serverCount}-server${serverCount > 1 ? "s" : ""}`]: entry } }, null, 2) + "\n");
      console.log(`merged into ${fileURLToPath(RESULTS_PATH)} under load.${database}-${serverCount}-server${serverCount > 1 ? "s" : ""}`);
    }
    const failed = entry.all.errors + missingQuotes + missingPayments + chargedTwice + quotesPaidTwice + retryMismatches.length;
    if (failed > 0) process.exitCode = 1;
  } finally {
    for (const { child } of servers) await stopServe(child);
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
