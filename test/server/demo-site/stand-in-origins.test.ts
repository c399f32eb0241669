// The stand-ins for third-party origins answer on their own ports; the measure origin serves
// the stand-in measuring tool (page, bundled script, stylesheet) under a strict CSP.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

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

describe("the stand-in measuring tool", () => {
  const toolUrl = () =>
    `${site.urls.measure}/?address=${encodeURIComponent("1234 Oak Street, Dublin, OH 43017")}&mode=area&units=imperial&parent=${encodeURIComponent(site.urls.host)}`;

  test("serves a page with the address, the drawing surface and the four buttons, under a CSP without inline code", async () => {
    const { status, headers, body } = await httpRequest(toolUrl());
    assert.equal(status, 200);
    assert.match(body, /<title>Measuring tool \(demo stand-in\)<\/title>/);
    assert.match(body, /1234 Oak Street, Dublin, OH 43017/);
    assert.match(body, /<canvas id="drawing" width="640" height="400" tabindex="0" data-metres-per-pixel="0.25"/);
    for (const label of ["Undo", "Clear", "Finish", "Cancel"]) assert.match(body, new RegExp(`<button type="button" id="${label.toLowerCase()}"[^>]*>${label}</button>`));
    assert.match(body, /<script defer src="\/measure-tool.js"><\/script>/);
    assert.doesNotMatch(body, /<script>|<style>| style="| on[a-z]+="/);
    const csp = headers["content-security-policy"] ?? "";
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline/);
  });

  test("escapes the address from the query", async () => {
    const { body } = await httpRequest(`${site.urls.measure}/?address=${encodeURIComponent('<img src=x onerror="alert(1)">')}`);
    assert.ok(body.includes("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;"));
    assert.ok(!body.includes("<img src=x"));
  });

  test("serves the page script as one bundle that posts to the parent origin, never to \"*\"", async () => {
    const { status, headers, body } = await httpRequest(`${site.urls.measure}/measure-tool.js`);
    assert.equal(status, 200);
    assert.match(headers["content-type"] ?? "", /^text\/javascript/);
    assert.doesNotMatch(body, /^\s*(import|export)\s/m);
    assert.match(body, /measurit:result/);
    assert.match(body, /postMessage/);
    assert.doesNotMatch(body, /postMessage\([^)]*["']\*["']\)/);
  });

  test("serves its stylesheet", async () => {
    const { status, headers, body } = await httpRequest(`${site.urls.measure}/measure-tool.css`);
    assert.equal(status, 200);
    assert.match(headers["content-type"] ?? "", /^text\/css/);
    assert.match(body, /focus-visible/);
  });
});
