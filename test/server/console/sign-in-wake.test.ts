// A sign-in link is sent as soon as it is committed, not at the outbox worker's next poll: a
// person is waiting for it. Both servers (the demo site and the production entry) run here with
// a worker that polls once an hour, so an e-mail that arrives at all was sent by the wake-up
// that the console's routes give the worker's sign-in lane (webhook-worker.ts `wake`). The
// first poll runs at start, before any link is asked for: the test waits for one mail first.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createMailSink } from "../../../demo-site/mail-sink/mail-sink.ts";
import { demoOwnerEmail } from "../../../demo-site/db/seed.ts";
import { openStores } from "../../../server/db/stores.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { eventually } from "../../eventually.ts";
import { startTestSite } from "../demo-site/start-test-site.ts";
import { useTestDatabases } from "../demo-site/postgres-server.ts";
import { call, startTestServer } from "../payments/serve-client.ts";
import { consoleRequest, signIn, sunkMail } from "./console-session.ts";

const HOUR_MS = 3_600_000;
const { kinds, newDatabase } = await useTestDatabases("wake");

describe("the demo site, its worker polling once an hour", () => {
  test("an invitation and the invited person's own sign-in link each arrive at once", async () => {
    const site = await startTestSite({ webhooks: { pollMs: HOUR_MS } });
    try {
      const owner = await signIn(site, "owner@greenway-lawn.example");
      const crew = "crew@greenway-lawn.example";
      assert.equal((await owner.post("staff", { email: crew, role: "staff" })).status, 201);
      const invited = await eventually("the invitation in the mail sink", async () => (await sunkMail(site)).filter((mail) => mail.to.includes(crew)), (mine) => mine.length === 1);
      assert.match(invited[0]!.text, /#sign-in=/);

      assert.equal((await consoleRequest(site, "POST", "sign-in", { email: crew })).status, 202);
      const both = await eventually("the crew member's own link", async () => (await sunkMail(site)).filter((mail) => mail.to.includes(crew)), (mine) => mine.length === 2);
      assert.match(both[1]!.text, /#sign-in=/);
    } finally {
      await site.close();
    }
  });
});

for (const { kind, name, skip } of kinds) {
  describe(`${name}: the production entry, WEBHOOK_POLL_MS one hour`, { skip }, () => {
    test("each link asked for is in the mail sink without waiting for a poll", async () => {
      const database = await newDatabase(kind);
      const sink = createMailSink();
      const consoleOrigin = "https://quotes.example.com";
      const server = await startTestServer(
        readServeConfig({ PORT: "0", DATABASE_URL: database, PUBLIC_ORIGIN: consoleOrigin, SEED_DEMO: "1", LOG_LEVEL: "silent", WEBHOOK_POLL_MS: String(HOUR_MS) }),
        { env: {}, mailTransport: sink.transport(), write: () => {} },
      );
      const reader = await openStores(database);
      const owner = demoOwnerEmail("greenway-lawn");
      try {
        if (!(await reader.staff.findByEmail(owner))) await reader.staff.add("greenway-lawn", owner, "owner", "test");
        for (const count of [1, 2, 3]) {
          const asked = await call(`${server.url}/console/api/sign-in`, { body: { email: owner }, headers: { Origin: consoleOrigin } });
          assert.equal(asked.status, 202, asked.text);
          const links = await eventually(`sign-in link ${count}`, () => sink.messages().filter((mail) => mail.to.includes(owner)), (mine) => mine.length === count);
          assert.match(links.at(-1)!.text, /#sign-in=/);
        }
      } finally {
        await reader.close();
        await server.close();
        await sink.close();
      }
    });
  });
}
