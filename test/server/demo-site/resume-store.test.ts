// The resume store on SQLite and PostgreSQL (migration 9): a quote's saved conversation is
// replaced and read back, only for its company; the generated secret is one for every process.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { newVisitorStart } from "./api-test-data.ts";
import { useTestDatabases } from "./postgres-server.ts";

const { kinds, twoProcesses } = await useTestDatabases("resume");

const conversation = (stepId: string) => ({
  flow: { stepId, answers: { customerFirstName: "Kim" }, path: [stepId] },
  transcript: [{ id: 1, from: "bot" as const, text: "Hi there!" }],
});

for (const { kind, name, skip } of kinds) {
  describe(`${name}: the resume store`, { skip }, () => {
    test("a conversation saved by one process is read by the other, replaced by the next save, and only for its company", async () => {
      const [a, b] = await twoProcesses(kind);
      const start = newVisitorStart();
      await a.quotes.save({
        id: "q-resume",
        companyId: "greenway-lawn",
        botId: "lawn",
        crmId: null,
        contactId: null,
        branch_id: null,
        customer: start.customer,
        serviceTypes: [],
        recommendedPrograms: [],
        answers: {},
        convertedSale: false,
        hasPriceBlocks: false,
        estimate: null,
        adjustedLotSize: null,
        crmData: null,
        source: null,
        referrer: null,
        additionalSourceInfo: null,
        salesTaxRate: null,
        isTest: false,
        createdAt: new Date().toISOString(),
      });
      assert.equal(await b.resume.findConversation("greenway-lawn", "q-resume"), null);
      assert.equal(await a.resume.saveConversation("greenway-lawn", "q-resume", conversation("askPrograms")), true);
      assert.equal(await a.resume.saveConversation("greenway-lawn", "q-resume", conversation("lastMowed")), true);
      assert.deepEqual(await b.resume.findConversation("greenway-lawn", "q-resume"), conversation("lastMowed"));
      assert.equal(await b.resume.findConversation("thames-lawns", "q-resume"), null);
      assert.equal(await b.resume.saveConversation("thames-lawns", "q-resume", conversation("x")), false);
      assert.equal(await b.resume.saveConversation("greenway-lawn", "no-such-quote", conversation("x")), false);
    });

    test("the generated secret is created once: both processes, at once, get the same 256-bit value", async () => {
      const [a, b] = await twoProcesses(kind);
      const secrets = await Promise.all([a.resume.secret("resume-links"), b.resume.secret("resume-links"), a.resume.secret("resume-links")]);
      assert.equal(new Set(secrets).size, 1);
      assert.equal(Buffer.from(secrets[0], "base64url").length, 32);
      assert.notEqual(await a.resume.secret("another"), secrets[0]);
    });
  });
}
