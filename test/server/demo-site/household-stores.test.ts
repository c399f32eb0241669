// The stores behind "Households stay apart" (issue 12) on both databases, each opened twice
// as two server processes would: rate-limit counters that two processes share exactly
// (concurrent hits, none lost, the limit held across both) and that start afresh in the next
// window; and quote tokens issued by one process, verified by the other, kept only as hashes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createRateLimitStore } from "../../../server/db/rate-limit-store.ts";
import { hashToken } from "../../../server/db/quote-token-store.ts";
import { useTestDatabases } from "./postgres-server.ts";

const { kinds, twoProcesses } = await useTestDatabases("households");


for (const { kind, name, skip } of kinds) {
  describe(`${name}: households' stores`, { skip }, () => {
    test("40 hits at once from two processes on a limit of 25: exactly 25 allowed, every hit counted", async () => {
      const [a, b] = await twoProcesses(kind);
      const rule = [{ bucket: "client:203.0.113.7", limit: 25, windowMs: 60_000 }];
      const verdicts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).rateLimits.hit(rule)));
      assert.equal(verdicts.filter((verdict) => verdict.ok).length, 25);
      for (const verdict of verdicts) if (!verdict.ok) assert.ok(verdict.retryAfterSeconds >= 1 && verdict.retryAfterSeconds <= 60);
      const rows = await a.database.db.selectFrom("rate_limits").select(["bucket", "hits"]).execute();
      assert.deepEqual(rows.map((row) => Number(row.hits)), [40]);
      // The bucket is stored hashed, not as the address it counts.
      assert.match(rows[0]!.bucket, /^[0-9a-f]{64}$/);
    });

    test("a window that has ended counts afresh, and any rule over its limit refuses the hit", async () => {
      const [a, b] = await twoProcesses(kind);
      let now = Date.UTC(2026, 0, 1, 12, 0, 5);
      const clockA = createRateLimitStore(a.database.db, () => now);
      const clockB = createRateLimitStore(b.database.db, () => now);
      const rules = [
        { bucket: "client:198.51.100.1", limit: 100, windowMs: 60_000 },
        { bucket: "phone:6145550100", limit: 2, windowMs: 60_000 },
      ];
      assert.deepEqual(await clockA.hit(rules), { ok: true });
      assert.deepEqual(await clockB.hit(rules), { ok: true });
      assert.deepEqual(await clockA.hit(rules), { ok: false, retryAfterSeconds: 55 });
      now += 55_000;
      assert.deepEqual(await clockB.hit(rules), { ok: true });
    });

    test("a token issued by one process opens its quote in the other, and nothing else; only its hash is stored", async () => {
      const [a, b] = await twoProcesses(kind);
      const token = await a.quoteTokens.issue("greenway-lawn", "q-1");
      assert.match(token, /^[\w-]{43}$/);
      assert.equal(await b.quoteTokens.verify("greenway-lawn", "q-1", token), true);
      assert.equal(await b.quoteTokens.verify("greenway-lawn", "q-2", token), false);
      assert.equal(await b.quoteTokens.verify("demo-company", "q-1", token), false);
      assert.equal(await b.quoteTokens.verify("greenway-lawn", "q-1", undefined), false);
      assert.equal(await b.quoteTokens.verify("greenway-lawn", "q-1", `${token}x`), false);
      const rows = await a.database.db.selectFrom("quote_tokens").select(["token_hash", "quote_id"]).execute();
      assert.deepEqual(rows, [{ token_hash: hashToken(token), quote_id: "q-1" }]);
    });

    test("a quote start's key (migration 12) names its quote in the other process, per company; a second quote for the key is refused", async () => {
      const [a, b] = await twoProcesses(kind);
      await a.quoteTokens.rememberStart("greenway-lawn", "start-key-0000000001", "q-1");
      assert.equal(await b.quoteTokens.startedWith("greenway-lawn", "start-key-0000000001"), "q-1");
      assert.equal(await b.quoteTokens.startedWith("demo-company", "start-key-0000000001"), undefined);
      assert.equal(await b.quoteTokens.startedWith("greenway-lawn", "start-key-0000000002"), undefined);
      await assert.rejects(b.quoteTokens.rememberStart("greenway-lawn", "start-key-0000000001", "q-2"));
      assert.equal(await a.quoteTokens.startedWith("greenway-lawn", "start-key-0000000001"), "q-1");
    });
  });
}
