// The texts' opt-out list on SQLite and PostgreSQL (migration 32, issue 34): STOP lists a
// phone once (a second STOP keeps the first time), START removes it, and what one server
// process writes the other reads.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useTestDatabases } from "./postgres-server.ts";

const { kinds, twoProcesses } = await useTestDatabases("sms-opt-outs");

for (const { kind, name, skip } of kinds) {
  describe(`${name}: the texts' opt-out store`, { skip }, () => {
    test("opt out, again (first time kept), opt in, opt in again; seen by the other process", async () => {
      const [a, b] = await twoProcesses(kind);
      const phone = "+16145550123";
      assert.equal(await b.smsOptOuts.isOptedOut(phone), false);
      await a.smsOptOuts.optOut(phone, new Date("2026-05-01T14:02:00.000Z"));
      assert.equal(await b.smsOptOuts.isOptedOut(phone), true);
      await b.smsOptOuts.optOut(phone, new Date("2026-05-02T09:00:00.000Z"));
      assert.equal(await a.smsOptOuts.optedOutAt(phone), "2026-05-01T14:02:00.000Z");
      assert.equal(await a.smsOptOuts.isOptedOut("+16145550124"), false);
      await b.smsOptOuts.optIn(phone);
      assert.equal(await a.smsOptOuts.isOptedOut(phone), false);
      assert.equal(await a.smsOptOuts.optedOutAt(phone), undefined);
      await b.smsOptOuts.optIn(phone);
      await a.smsOptOuts.optOut(phone, new Date("2026-05-03T10:00:00.000Z"));
      assert.equal(await b.smsOptOuts.optedOutAt(phone), "2026-05-03T10:00:00.000Z");
    });

    test("in a transaction that fails, nothing is listed", async () => {
      const [a] = await twoProcesses(kind);
      await assert.rejects(
        a.transaction(async (tx) => {
          await tx.smsOptOuts.optOut("+16145550125", new Date());
          throw new Error("rolled back");
        }),
        /rolled back/,
      );
      assert.equal(await a.smsOptOuts.isOptedOut("+16145550125"), false);
    });
  });
}
