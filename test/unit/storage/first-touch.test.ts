// First touch wins: the attribution saved on the first open is kept for 30 days per company,
// whatever later visits bring; after that, or for another company, the page is read anew.
import assert from "node:assert/strict";
import { test } from "node:test";
import { firstTouch, FIRST_TOUCH_DAYS } from "../../../src/storage/first-touch.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

const DAY = 86_400_000;

test("the first open's attribution wins for 30 days per company; then, or elsewhere, the page is read again", () => {
  const store = memoryStore();
  const ad = { utm_source: "google", gclid: "a1" };
  const later = { utm_source: "facebook", fbclid: "f1" };
  let reads = 0;
  const read = (found: object) => () => (reads++, found);
  const t0 = 1_800_000_000_000;
  assert.deepEqual(firstTouch(store, "acme", t0, read(ad)), ad);
  assert.deepEqual(firstTouch(store, "acme", t0 + DAY, read(later)), ad, "a later visit from another ad");
  assert.deepEqual(firstTouch(store, "acme", t0 + (FIRST_TOUCH_DAYS * DAY - 1), read(later)), ad, "still within 30 days");
  assert.equal(reads, 1);
  assert.deepEqual(firstTouch(store, "other-co", t0 + DAY, read(later)), later, "another company has its own first touch");
  assert.deepEqual(firstTouch(store, "acme", t0 + FIRST_TOUCH_DAYS * DAY, read(later)), later, "after 30 days: the page again");
});

test("a saved record that is not ours (tampered, another version) counts as absent", () => {
  const store = memoryStore();
  for (const raw of ["not json", '{"v":2,"data":{"at":1,"attribution":{}}}', '{"v":1,"data":{"at":"x","attribution":{}}}', '{"v":1,"data":null}']) {
    store.set("quote-assistant:first-touch:acme", raw);
    assert.deepEqual(firstTouch(store, "acme", Date.now(), () => ({ utm_source: "fresh" })), { utm_source: "fresh" }, raw);
  }
});
