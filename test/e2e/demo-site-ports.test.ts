// startDemoSite's ports (demo-site/server.ts): a port in use stops start-up naming it, and
// close() closes every origin. The rest of the site is tested in process (test/server/demo-site).
import assert from "node:assert/strict";
import { get } from "node:http";
import { createServer } from "node:net";
import { test } from "node:test";
import { startDemoSite } from "../../demo-site/server.ts";
import { startE2ESite } from "./harness.ts";

test("a port already in use stops start-up with a message naming the port and PORT_BASE", async () => {
  const first = await startE2ESite();
  try {
    const base = Number(new URL(first.urls.host).port);
    await assert.rejects(startDemoSite({ portBase: base - 1, quiet: true }), (error: unknown) => {
      assert.ok(error instanceof Error);
      assert.match(error.message, new RegExp(`^port ${base} is in use; set PORT_BASE=`));
      return true;
    });
    // The origin that did start (the failed base's host port) was closed again.
    await assertPortFree(base - 1);
  } finally {
    await first.close();
  }
});

test("close() stops every origin and may be called twice", async () => {
  const site = await startE2ESite();
  await Promise.all([site.close(), site.close()]);
  await site.close();
  await assert.rejects(
    new Promise((resolve, reject) => get(`${site.urls.widget}/healthz`, { agent: false }, resolve).once("error", reject)),
    /ECONNREFUSED/,
  );
});

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}
