import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_COMPANY_BOT, parseRoute } from "../../../src/config/route.ts";

describe("company and bot from the hosted page's path", () => {
  const table: Array<[string, ReturnType<typeof parseRoute>]> = [
    ["/", DEFAULT_COMPANY_BOT],
    ["", DEFAULT_COMPANY_BOT],
    ["/index.html", DEFAULT_COMPANY_BOT],
    ["/greenway-lawn/lawn", { company: "greenway-lawn", bot: "lawn" }],
    ["/greenway-lawn/lawn/", { company: "greenway-lawn", bot: "lawn" }],
    ["/acme%5Fco/bot_1", { company: "acme_co", bot: "bot_1" }],
    ["/only-one", undefined],
    ["/a/b/c", undefined],
    ["/a/..%2F..", undefined],
    ["/a/b%20c", undefined],
  ];
  for (const [path, expected] of table) {
    test(`${JSON.stringify(path)} gives ${JSON.stringify(expected)}`, () => {
      assert.deepEqual(parseRoute(path), expected);
    });
  }
});
