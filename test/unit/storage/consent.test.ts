import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { consentGatedStore, setStorageConsent } from "../../../src/storage/consent.ts";
import { createQuoteMemory } from "../../../src/storage/quote-memory.ts";
import { memoryStore, type KeyValueStore } from "../../../src/storage/safe-storage.ts";

/** A device store that counts every write, so "nothing written" is a fact, not an absence. */
function device(): KeyValueStore & { writes: number; keys(): string[] } {
  const map = new Map<string, string>();
  let writes = 0;
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void (writes++, map.set(key, value)),
    remove: (key) => void (writes++, map.delete(key)),
    get writes() {
      return writes;
    },
    keys: () => [...map.keys()],
  };
}

describe("storage only with the page's consent", () => {
  afterEach(() => setStorageConsent(undefined));

  // page's word × the element's consent attribute → whether the device is written
  const table: Array<[boolean | undefined, boolean, boolean]> = [
    [undefined, false, true],
    [undefined, true, false],
    [false, false, false],
    [false, true, false],
    [true, false, true],
    [true, true, true],
  ];
  for (const [page, required, writes] of table) {
    test(`page consent ${String(page)}, consent="${required ? "required" : ""}" → ${writes ? "stored" : "memory only"}`, () => {
      setStorageConsent(page);
      const disk = device();
      const store = consentGatedStore(disk, () => required);
      store.set("qa:x", "1");
      assert.equal(store.get("qa:x"), "1", "the conversation reads back what it wrote either way");
      assert.equal(disk.writes > 0, writes);
      assert.equal(store.allowed(), writes);
    });
  }

  test("without consent, what an earlier visit stored is not read", () => {
    const disk = device();
    disk.set("qa:saved", "earlier");
    const store = consentGatedStore(disk, () => true);
    assert.equal(store.get("qa:saved"), null);
  });

  test("granting consent keeps what the conversation held in memory; removals included", () => {
    const disk = device();
    disk.set("qa:old", "stale");
    const store = consentGatedStore(disk, () => true);
    store.set("qa:a", "1");
    store.remove("qa:old");
    assert.deepEqual(disk.keys(), ["qa:old"]);
    setStorageConsent(true);
    assert.deepEqual(disk.keys(), ["qa:a"]);
    assert.equal(store.get("qa:a"), "1");
  });

  test("withdrawing consent takes what the widget wrote or read off the device, and the conversation keeps it", () => {
    setStorageConsent(true);
    const disk = device();
    disk.set("qa:read", "r");
    disk.set("host:own", "the page's");
    const store = consentGatedStore(disk, () => false);
    store.set("qa:written", "w");
    assert.equal(store.get("qa:read"), "r");
    setStorageConsent(false);
    assert.deepEqual(disk.keys(), ["host:own"], "the host page's own keys are not ours to remove");
    assert.equal(store.get("qa:written"), "w");
    assert.equal(store.get("qa:read"), "r");
    store.set("qa:later", "l");
    assert.deepEqual(disk.keys(), ["host:own"]);
  });

  test("no cookie without consent, and one once it is given", () => {
    const doc = { cookie: "", location: { protocol: "https:" } };
    const store = consentGatedStore(memoryStore(), () => true);
    const quotes = createQuoteMemory({ store, companyId: "acme", localCache: true, cookies: () => store.allowed(), doc });
    quotes.remember("1 Main St", "43017", "q-1", "tok-1");
    assert.equal(doc.cookie, "");
    assert.equal(quotes.find("1 Main St", "43017"), "q-1", "the page's memory still finds the quote");
    setStorageConsent(true);
    quotes.remember("1 Main St", "43017", "q-1", "tok-1");
    assert.match(doc.cookie, /^qa_quote_acme_[0-9a-f]{8}=q-1; /);
  });
});
