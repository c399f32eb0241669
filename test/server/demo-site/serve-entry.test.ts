// The production entry (demo-site/production/serve.ts): configuration from the environment,
// one JSON log line per request that carries none of the visitor's details, /healthz and
// /readyz, CORS limited to ALLOWED_ORIGINS, and a SIGTERM that lets a payment in flight finish
// and be stored before the process ends.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import Database from "libsql";
import { ConfigError, readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "../payments/serve-client.ts";
import { eventually } from "../../eventually.ts";
import { FAKE_SECRET_KEY, startFakeStripe } from "../payments/fake-stripe-api.ts";
import { call, paymentBody, quoteStartBody, shapedPaymentBody, startQuote, VISITOR } from "../payments/serve-client.ts";

const SERVE_SCRIPT = fileURLToPath(new URL("../../../server/production/serve.ts", import.meta.url));

describe("serve configuration", () => {
  test("defaults, and each bad value stops start-up naming the variable", () => {
    const config = readServeConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.allowedOrigins, undefined);
    assert.equal(config.logLevel, "info");
    assert.equal(config.outboxKeepDays, 90);
    assert.equal(readServeConfig({ OUTBOX_KEEP_DAYS: "30" }).outboxKeepDays, 30);
    const named = readServeConfig({ ALLOWED_ORIGINS: "https://greenway.example, https://acme.example/quote", PUBLIC_ORIGIN: "https://qa.example/x" });
    assert.deepEqual(named.allowedOrigins, ["https://greenway.example", "https://acme.example"]);
    assert.equal(named.publicOrigin, "https://qa.example");
    for (const [name, value] of [
      ["PORT", "80a"],
      ["PORT", "70000"],
      ["LOG_LEVEL", "loud"],
      ["ALLOWED_ORIGINS", "greenway.example"],
      ["PUBLIC_ORIGIN", "ftp://x.example"],
      ["OUTBOX_KEEP_DAYS", "0"],
      ["OUTBOX_KEEP_DAYS", "ninety"],
    ] as const) {
      assert.throws(() => readServeConfig({ [name]: value }), (error: unknown) => error instanceof ConfigError && error.message.startsWith(name));
    }
  });
});

describe("serve: logs, health and CORS", () => {
  let dir: string;
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "qa-serve-"));
    const config = readServeConfig({
      PORT: "0",
      DATABASE_URL: join(dir, "serve.db"),
      SEED_DEMO: "1",
      ALLOWED_ORIGINS: "https://greenway.example",
    });
    server = await startTestServer(config, { env: {}, write: (line) => lines.push(line) });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("one JSON line per request with method, path, status, duration and request id, and none of the visitor's details", async () => {
    lines.length = 0;
    const requestId = `test-${randomUUID()}`;
    const started = await call(`${server.url}/v1/quote/start`, { headers: { "X-Request-Id": requestId }, body: quoteStartBody() });
    assert.equal(started.status, 200);
    assert.equal(started.headers["x-request-id"], requestId);
    const quoteId = (started.json as { id: string }).id;
    // The customer lookup carries the phone in its query string; a bad payment carries a card number.
    const lookup = await call(`${server.url}/v1/company/greenway-lawn/customer/lookup?phone=${VISITOR.phoneNumber}&email=${encodeURIComponent(VISITOR.email)}`);
    assert.ok(lookup.status < 500);
    const card = await call(`${server.url}/v1/secure/payment`, {
      headers: { "Idempotency-Key": randomUUID() },
      body: { ...shapedPaymentBody(quoteId, "tok_visa"), paymentInfo: { token: "tok_visa", cardNumber: "4242424242424242", cvc: "123" } },
    });
    assert.equal(card.status, 400);

    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === "request");
    assert.equal(requests.length, 3);
    const [start, find, refused] = requests;
    assert.deepEqual(
      { method: start?.method, path: start?.path, status: start?.status, requestId: start?.requestId },
      { method: "POST", path: "/v1/quote/start", status: 200, requestId },
    );
    assert.equal(typeof start?.durationMs, "number");
    assert.equal(find?.path, "/v1/company/greenway-lawn/customer/lookup");
    assert.equal(refused?.status, 400);
    assert.match(String(refused?.requestId), /^[0-9a-f-]{36}$/);
    const all = lines.join("\n");
    for (const secret of [VISITOR.firstName, VISITOR.lastName, VISITOR.phoneNumber, VISITOR.email, "kim.novakowski", VISITOR.street, "Muirfield", "4242424242424242", "tok_visa"]) {
      assert.ok(!all.includes(secret), `a log line carries ${secret}`);
    }
  });

  test("/healthz answers while the process is up; /readyz checks the database", async () => {
    const health = await call(`${server.url}/healthz`);
    assert.equal(health.status, 200);
    assert.equal((health.json as { ok: boolean }).ok, true);
    const ready = await call(`${server.url}/readyz`);
    assert.deepEqual([ready.status, ready.json], [200, { ok: true }]);
  });

  test("/readyz is 503 on a database whose migrations are not all applied", async () => {
    const other = join(dir, "empty.db");
    const config = readServeConfig({ PORT: "0", DATABASE_URL: other });
    const second = await startTestServer(config, { env: {}, write: () => {} });
    try {
      // As if an older build had migrated this file: the newest migration is not recorded.
      const raw = new Database(other);
      raw.exec("DELETE FROM kysely_migration WHERE name = (SELECT MAX(name) FROM kysely_migration)");
      raw.close();
      const ready = await call(`${second.url}/readyz`);
      assert.equal(ready.status, 503);
      assert.match((ready.json as { reason: string }).reason, /^migrations pending: \d{4}-[a-z-]+$/);
    } finally {
      await second.close();
    }
  });

  test("CORS answers the allowed site and no other", async () => {
    const preflight = (origin: string) =>
      call(`${server.url}/v1/quote/start`, {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
      });
    assert.equal((await preflight("https://greenway.example")).headers["access-control-allow-origin"], "https://greenway.example");
    assert.equal((await preflight("https://evil.example")).headers["access-control-allow-origin"], undefined);
  });

  test("no demo pages or stand-in origins are served", async () => {
    // Two-segment paths fall to the hosted page's /:company/:bot: an HTML page, not the demo's answer.
    const log = await call(`${server.url}/demo-api/payment-log?companyId=greenway-lawn&quoteId=x`);
    assert.equal(log.json, undefined);
    assert.match(log.headers["content-type"] ?? "", /text\/html/);
    const stripeStandIn = await call(`${server.url}/stripe/v3.js`);
    assert.match(stripeStandIn.headers["content-type"] ?? "", /text\/html/);
    assert.equal((await call(`${server.url}/v1/vault.js`)).status, 404);
  });
});
