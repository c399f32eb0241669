// The production entry's SIGTERM (server/production/serve.ts): a payment in flight finishes and
// is stored, new connections are refused, the process exits 0. An e2e test: it needs the real
// process on a real port (the server tests in test/server run the entry in process).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { get } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, test } from "node:test";
import Database from "libsql";
import { eventually } from "../eventually.ts";
import { FAKE_SECRET_KEY, startFakeStripe } from "../server/payments/fake-stripe-api.ts";
import { call, paymentBody, startQuote } from "../server/payments/serve-client.ts";

const SERVE_SCRIPT = fileURLToPath(new URL("../../server/production/serve.ts", import.meta.url));

describe("serve: SIGTERM", () => {
  test("a payment in flight when SIGTERM arrives completes and is stored; new connections are refused; the process exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qa-sigterm-"));
    const stripe = await startFakeStripe({ listen: true });
    const dbPath = join(dir, "serve.db");
    const child = spawn(process.execPath, ["--import", "tsx", SERVE_SCRIPT], {
      env: {
        PATH: process.env.PATH,
        PORT: "0",
        DATABASE_URL: dbPath,
        SEED_DEMO: "1",
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_API_BASE: stripe.url,
        SHUTDOWN_TIMEOUT_MS: "20000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (chunk: Buffer) => {
          output += chunk.toString("utf8");
          const match = /"msg":"listening","url":"([^"]+)"/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
        void exited.then(() => reject(new Error(`serve exited early:\n${output}`)));
      });
      const quoteId = await startQuote(url);
      // Stripe answers only when the test says so: the payment is surely in flight at SIGTERM.
      const release = stripe.hold();
      const key = randomUUID();
      const inFlight = call(`${url}/v1/secure/payment`, { headers: { "Idempotency-Key": key }, body: paymentBody(quoteId, "tok_visa") });
      // Wait until the charge has reached Stripe (its first call, held there): the request is in flight.
      await eventually("the payment at Stripe", () => stripe.requests.map((r) => r.path), (paths) => paths.includes("/v1/payment_methods"), { timeoutMs: 20_000, everyMs: 20 }).catch((error: Error) =>
        assert.fail(`${error.message}\n${output}`),
      );
      child.kill("SIGTERM");
      // The line is written right before the listener closes.
      const shutdownLine = () => {
        if (child.exitCode !== null) assert.fail(`serve exited before its shutdown line:\n${output}`);
        return output.includes("shutting down");
      };
      await eventually("serve's shutdown line", shutdownLine, Boolean, { timeoutMs: 20_000, everyMs: 20 }).catch((error: Error) => assert.fail(`${error.message}\n${output}`));
      // A new connection (not one of fetch's kept-alive ones) is refused.
      await assert.rejects(
        new Promise((resolve, reject) => get(`${url}/healthz`, { agent: false }, resolve).once("error", reject)),
        /ECONNREFUSED/,
      );
      assert.equal(child.exitCode, null, "still running: the payment is not finished");
      release();
      const answer = await inFlight;
      assert.equal(answer.status, 200);
      assert.equal((answer.json as { status: string }).status, "succeeded");
      assert.equal(await exited, 0);
      assert.match(output, /"msg":"stopped"/);
      const db = new Database(dbPath);
      const raw = db.prepare("SELECT status, transaction_id FROM payments WHERE idempotency_key = ?").get(key) as { status: string; transaction_id: string } | undefined;
      const row = raw && { status: raw.status, transaction_id: raw.transaction_id };
      const quote = db.prepare("SELECT converted_sale FROM quotes WHERE id = ?").get(quoteId) as { converted_sale: number } | undefined;
      db.close();
      assert.deepEqual(row, { status: "succeeded", transaction_id: (answer.json as { transactionId: string }).transactionId });
      assert.equal(quote?.converted_sale, 1);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await stripe.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
