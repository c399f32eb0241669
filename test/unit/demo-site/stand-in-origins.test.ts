// The stand-ins for third-party origins answer on their own ports.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { DemoSite } from "../../../demo-site/server.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { startTestSite } from "./start-test-site.ts";

let site: DemoSite;
before(async () => {
  site = await startTestSite();
});
after(() => site.close());

const STAND_INS = [
  { role: "measure", says: /Measuring tool/ },
  { role: "vault", says: /Card vault/ },
  { role: "crm", says: /CRM payment frame/ },
] as const;

for (const { role, says } of STAND_INS) {
  test(`the ${role} origin's front page says what it stands in for`, async () => {
    const { status, body } = await httpRequest(`${site.urls[role]}/`);
    assert.equal(status, 200);
    assert.match(body, says);
    assert.match(body, /<html lang="en">/);
  });

  test(`the ${role} origin answers /healthz`, async () => {
    const { status, json } = await getJson(`${site.urls[role]}/healthz`);
    assert.equal(status, 200);
    assert.deepEqual(json, { ok: true, origin: role });
  });
}
