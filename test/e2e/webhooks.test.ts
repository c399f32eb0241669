// Leads and sales reach the company, end to end against the production entry (`npm run serve`,
// demo-site/production/serve.ts) as separate processes and the demo's webhook receiver
// (demo-site/receiver/) verifying signatures: a receiver down for 10 s then up gets each event
// exactly once (by id); a server killed with SIGKILL right after a purchase, then restarted,
// delivers it; the leads CSV export lists the purchase.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { after, test } from "node:test";
import { getRequestListener } from "@hono/node-server";
import { loadDeliveryFixtures } from "../../server/company-files.ts";
import { openDatabase } from "../../server/db/database.ts";
import { createReceiver, type Receiver } from "../../demo-site/receiver/receiver-origin.ts";
import { signWebhook } from "../../server/webhooks/signature.ts";
import { amountOf, call, paymentBody, startQuote } from "../server/payments/serve-client.ts";
import { eventually } from "../eventually.ts";
import { launchChromium } from "./harness.ts";

const SERVE_SCRIPT = fileURLToPath(new URL("../../server/production/serve.ts", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "qa-webhooks-e2e-"));
const children = new Set<ChildProcess>();
after(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A port nobody listens on now (the receiver takes it later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

/** The demo receiver with the demo companies' secrets, listening on `port` (localhost). */
async function startReceiver(port: number): Promise<{ receiver: Receiver; server: Server }> {
  const delivery = loadDeliveryFixtures({ receiverOrigin: `http://localhost:${port}` });
  const receiver = createReceiver({ secretFor: (companyId) => delivery.find((row) => row.companyId === companyId)?.webhookSecret ?? undefined });
  const server = createServer(getRequestListener(receiver.app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { receiver, server };
}

const stopServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** `npm run serve` on its own port over `dbPath`, the demo companies' webhooks pointing at the receiver's port. */
async function startServe(dbPath: string, receiverPort: number, env: Record<string, string>): Promise<{ url: string; child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> }> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVE_SCRIPT], {
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      DATABASE_URL: dbPath,
      SEED_DEMO: "1",
      // The demo companies pay with the test cards here.
      PAYMENTS_TEST_MODE: "1",
      SEED_RECEIVER_ORIGIN: `http://localhost:${receiverPort}`,
      WEBHOOK_POLL_MS: "200",
      WEBHOOK_RETRY_BASE_MS: "1000",
      WEBHOOK_RETRY_MAX_MS: "3000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = /"msg":"listening","url":"([^"]+)"/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    void exited.then(() => reject(new Error(`serve exited early:\n${output}`)));
  });
  return { url, child, exited };
}

async function pay(url: string, quoteId: string): Promise<string> {
  const answer = await call(`${url}/v1/secure/payment`, { headers: { "Idempotency-Key": randomUUID() }, body: paymentBody(quoteId, "tok_visa") });
  const json = answer.json as { status?: string; transactionId?: string };
  assert.equal(json.status, "succeeded", answer.text);
  return json.transactionId!;
}

test("a receiver down until every event has failed twice, then up, gets every event exactly once (by id), signature verified", { timeout: 90_000 }, async () => {
  const dbPath = join(dir, "down.db");
  const port = await freePort();
  const serve = await startServe(dbPath, port, {});
  let receiverServer: Server | undefined;
  try {
    const quoteId = await startQuote(serve.url);
    const objection = await call(`${serve.url}/v1/company/demo-company/demo-bot/thinkaboutit`, { body: { chatId: quoteId, reason: "Price", comments: "Asking my partner" } });
    assert.equal(objection.status, 200);
    const transactionId = await pay(serve.url, quoteId);

    // Down until every event has been tried, and has failed, at least twice.
    const failedTries = () => {
      const db = openDatabase(dbPath);
      try {
        return db.prepare("SELECT event_id, count(*) AS n FROM webhook_deliveries WHERE status_code IS NULL GROUP BY event_id").all() as Array<{ n: number }>;
      } finally {
        db.close();
      }
    };
    await eventually("every event tried twice while the receiver was down", failedTries, (rows) => rows.length >= 3 && rows.every((row) => row.n >= 2), { timeoutMs: 30_000, everyMs: 100 });

    const { receiver, server } = await startReceiver(port);
    receiverServer = server;
    await eventually("three events at the receiver", () => receiver.events().map((event) => event.type), (types) => types.length >= 3, { timeoutMs: 30_000, everyMs: 100 });
    // Once the outbox holds nothing pending, nothing more can come: and nothing came twice.
    const settled = () => {
      const db = openDatabase(dbPath);
      try {
        return db.prepare("SELECT event_type, attempts FROM webhook_outbox WHERE state = 'pending'").all();
      } finally {
        db.close();
      }
    };
    await eventually("an outbox with nothing pending", settled, (pending) => pending.length === 0, { timeoutMs: 30_000, everyMs: 100 });
    const events = receiver.events();
    assert.deepEqual(events.map((event) => event.type).sort(), ["lead", "objection", "purchase"]);
    assert.equal(new Set(events.map((event) => event.eventId)).size, 3);
    assert.deepEqual(receiver.counts(), { accepted: 3, duplicates: 0, refused: 0 });
    const purchase = events.find((event) => event.type === "purchase")!.payload as { data: { transactionId: string; value: string; quoteId: string } };
    assert.deepEqual([purchase.data.transactionId, purchase.data.value, purchase.data.quoteId], [transactionId, amountOf(quoteId), quoteId]);
    const objectionEvent = events.find((event) => event.type === "objection")!.payload as { data: { reason: string; comments: string } };
    assert.deepEqual([objectionEvent.data.reason, objectionEvent.data.comments], ["Price", "Asking my partner"]);

    // The receiver's page lists them.
    const page = await call(`http://localhost:${port}/`);
    assert.match(page.text, /purchase/);
    assert.match(page.text, /Accepted: 3\./);
  } finally {
    serve.child.kill("SIGTERM");
    await serve.exited;
    if (receiverServer) await stopServer(receiverServer);
  }
});

test("the server killed (SIGKILL) right after a purchase and restarted delivers it; the CSV export lists the purchase", { timeout: 90_000 }, async () => {
  const dbPath = join(dir, "kill.db");
  const port = await freePort();
  const { receiver, server } = await startReceiver(port);
  try {
    // The first process looks for due rows only once, at start: what it stores, it cannot send.
    const first = await startServe(dbPath, port, { WEBHOOK_POLL_MS: "3600000" });
    const quoteId = await startQuote(first.url);
    const transactionId = await pay(first.url, quoteId);
    first.child.kill("SIGKILL");
    assert.equal(await first.exited, "SIGKILL");
    assert.equal(receiver.events().length, 0);

    const second = await startServe(dbPath, port, {});
    try {
      await eventually("the lead and the purchase after the restart", () => receiver.events().map((event) => event.type), (types) => types.length >= 2, { timeoutMs: 30_000, everyMs: 100 });
      const events = receiver.events();
      assert.deepEqual(events.map((event) => event.type).sort(), ["lead", "purchase"]);
      const purchase = events.find((event) => event.type === "purchase")!.payload as { data: { transactionId: string; value: string; currency: string } };
      assert.deepEqual([purchase.data.transactionId, purchase.data.value, purchase.data.currency], [transactionId, amountOf(quoteId), "USD"]);

      const refused = await call(`${second.url}/v1/company/demo-company/leads.csv`);
      assert.equal(refused.status, 401);
      const csv = await call(`${second.url}/v1/company/demo-company/leads.csv`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } });
      assert.equal(csv.status, 200);
      const line = csv.text.split("\r\n").find((row) => row.startsWith(quoteId));
      assert.ok(line, csv.text);
      assert.ok(line.includes(",paid,") && line.includes(`,${amountOf(quoteId)},USD,`) && line.includes(transactionId), line);
    } finally {
      second.child.kill("SIGTERM");
      assert.equal(await second.exited, 0);
    }
  } finally {
    await stopServer(server);
  }
});

test("the receiver's page lists what it got, refuses a bad signature, and is accessible (axe, whole page)", { timeout: 60_000 }, async () => {
  const port = await freePort();
  const { receiver, server } = await startReceiver(port);
  const browser = await launchChromium();
  try {
    const body = JSON.stringify({ id: randomUUID(), type: "purchase", createdAt: new Date().toISOString(), companyId: "greenway-lawn", data: { value: "50.00", currency: "USD", contact: { firstName: "Ada", lastName: "<script>alert(1)</script>" } } });
    const id = (JSON.parse(body) as { id: string }).id;
    const at = Math.floor(Date.now() / 1000);
    const headers = (secret: string) => ({ "Quote-Assistant-Event-Id": id, "Quote-Assistant-Timestamp": String(at), "Quote-Assistant-Signature": signWebhook(secret, at, body), "Content-Type": "application/json" });
    const send = (secret: string) => fetch(`http://localhost:${port}/webhook`, { method: "POST", headers: headers(secret), body });
    assert.equal((await send("whsec_not_the_company_secret")).status, 401);
    assert.equal((await send("whsec_demo_greenway-lawn")).status, 200);
    assert.deepEqual(await (await send("whsec_demo_greenway-lawn")).json(), { ok: true, duplicate: true });
    assert.deepEqual(receiver.counts(), { accepted: 1, duplicates: 1, refused: 1 });

    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`http://localhost:${port}/`);
    const row = page.locator("tbody tr");
    assert.equal(await row.count(), 1);
    assert.match(await row.innerText(), /purchase\s+greenway-lawn\s+Ada <script>alert\(1\)<\/script> · 50.00 USD/);
    assert.deepEqual(dialogs, []);
    await page.addScriptTag({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe;
      return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => `${v.id} (${v.impact})`);
    });
    assert.deepEqual(violations, []);
  } finally {
    await browser.close();
    await stopServer(server);
  }
});
