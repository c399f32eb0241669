// The unsubscribe link (issue 34) with the one signed-token format (issue 36): its own token
// unsubscribes, a resume link's token under the same secret does not, and links in e-mails sent
// before the change (format r1) still work until they expire.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import { createUnsubscribeRoutes, UNSUBSCRIBE_PATH, unsubscribeUrl } from "../../../server/follow-ups/unsubscribe-routes.ts";
import { RESUME_TOKEN_DAYS, signResumeToken } from "../../../server/resume/resume-token.ts";

const SECRET = "unsubscribe-secret";
const NOW = new Date("2026-11-28T10:00:00Z");

function app() {
  const unsubscribed: string[] = [];
  const routes = createUnsubscribeRoutes({
    store: { unsubscribe: async (companyId, quoteId) => (unsubscribed.push(`${companyId}/${quoteId}`), true) },
    secret: async () => SECRET,
    now: () => NOW,
  });
  return { unsubscribed, post: (token: string) => routes.request(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, { method: "POST" }) };
}

describe("unsubscribe links", () => {
  test("the e-mail's link unsubscribes its quote", async () => {
    const url = new URL(await unsubscribeUrl("https://quotes.example", async () => SECRET, "greenway-lawn", "q-1", NOW));
    const { unsubscribed, post } = app();
    const response = await post(url.searchParams.get("token")!);
    assert.equal(response.status, 200);
    assert.match(await response.text(), /You are unsubscribed/);
    assert.deepEqual(unsubscribed, ["greenway-lawn/q-1"]);
  });

  test("a resume link's token, even under the same secret, is refused", async () => {
    const { unsubscribed, post } = app();
    const response = await post(signResumeToken(SECRET, "greenway-lawn", "q-1", NOW));
    assert.equal(response.status, 400);
    assert.match(await response.text(), /This link is not valid/);
    assert.deepEqual(unsubscribed, []);
  });

  test("a link sent before issue 36 still unsubscribes until it expires", async () => {
    const body = Buffer.from(JSON.stringify(["greenway-lawn", "q-old", NOW.getTime() / 1000 + RESUME_TOKEN_DAYS * 86_400 - 60])).toString("base64url");
    const old = `r1.${body}.${createHmac("sha256", SECRET).update(`r1.${body}`).digest("base64url")}`;
    const { unsubscribed, post } = app();
    assert.equal((await post(old)).status, 200);
    assert.deepEqual(unsubscribed, ["greenway-lawn/q-old"]);
  });
});
