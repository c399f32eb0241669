import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { addressKey, createQuoteMemory } from "../../../src/storage/quote-memory.ts";
import { browserStore, KEPT_DAYS, memoryStore, readRecord, writeRecord } from "../../../src/storage/safe-storage.ts";

describe("safe storage", () => {
  test("a storage that throws (private mode) falls back to memory for the page's life", () => {
    const throwing = {
      getItem() { throw new Error("SecurityError"); },
      setItem() { throw new Error("QuotaExceededError"); },
      removeItem() { throw new Error("SecurityError"); },
    } as unknown as Storage;
    const store = browserStore(() => throwing);
    store.set("k", "v");
    assert.equal(store.get("k"), "v");
    store.remove("k");
    assert.equal(store.get("k"), null);
  });

  // Issue 27: reads worked, every write threw, and what was written was read back as absent.
  test("a storage that reads but refuses every write (QuotaExceededError) reads back what was written, from memory", () => {
    const held = new Map<string, string>([["old", "stored before"]]);
    const full = {
      getItem: (key: string) => held.get(key) ?? null,
      setItem() { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); },
      removeItem: (key: string) => void held.delete(key),
    } as unknown as Storage;
    const store = browserStore(() => full);
    assert.equal(store.get("old"), "stored before", "what the device held is still read");
    store.set("k", "v");
    assert.equal(store.get("k"), "v");
    store.set("old", "newer");
    assert.equal(store.get("old"), "newer", "the refused write wins over the device's older value");
    store.remove("old");
    assert.equal(store.get("old"), null);
    assert.equal(held.has("old"), false, "removed from the device too");
    const isList = (d: unknown): d is string[] => Array.isArray(d);
    writeRecord(store, "outbox", 1, ["a quote start"]);
    assert.deepEqual(readRecord(store, "outbox", 1, isList), ["a quote start"]);
  });

  test("a write that works again after a refused one goes to the device, and memory lets go", () => {
    const held = new Map<string, string>();
    let refuse = true;
    const flaky = {
      getItem: (key: string) => held.get(key) ?? null,
      setItem(key: string, value: string) {
        if (refuse) throw new DOMException("full", "QuotaExceededError");
        held.set(key, value);
      },
      removeItem: (key: string) => void held.delete(key),
    } as unknown as Storage;
    const store = browserStore(() => flaky);
    store.set("k", "in memory");
    assert.equal(store.get("k"), "in memory");
    refuse = false;
    store.set("k", "on the device");
    assert.equal(held.get("k"), "on the device");
    held.set("k", "changed by another tab");
    assert.equal(store.get("k"), "changed by another tab", "read from the device again");
  });

  test("records of another version, or unreadable ones, count as absent", () => {
    const store = memoryStore();
    const isString = (d: unknown): d is string => typeof d === "string";
    writeRecord(store, "a", 1, "x");
    assert.equal(readRecord(store, "a", 1, isString), "x");
    assert.equal(readRecord(store, "a", 2, isString), null);
    store.set("b", "{not json");
    assert.equal(readRecord(store, "b", 1, isString), null);
    writeRecord(store, "c", 1, 42);
    assert.equal(readRecord(store, "c", 1, isString), null);
  });
});

describe("finding a quote again for the same address", () => {
  test("the key is 8 hex digits and ignores case and spacing", () => {
    assert.match(addressKey("5520 Brand Road", "43017"), /^[0-9a-f]{8}$/);
    assert.equal(addressKey("5520  BRAND road ", "43017"), addressKey("5520 brand road", "43017"));
    assert.notEqual(addressKey("5520 Brand Road", "43017"), addressKey("5521 Brand Road", "43017"));
    fc.assert(fc.property(fc.string(), fc.string(), (s, z) => /^[0-9a-f]{8}$/.test(addressKey(s, z))));
  });

  const modes: Array<[string, boolean, boolean, boolean]> = [
    ["cookie and local cache", true, true, true],
    ["local cache only (cookiesDisabled)", true, false, true],
    ["cookie only (onboarding skips local caching)", false, true, true],
    ["neither", false, false, false],
  ];
  for (const [name, localCache, cookies, found] of modes) {
    test(`${name}: ${found ? "finds" : "does not find"} the quote again`, () => {
      const doc = { cookie: "" };
      const cookieJar: string[] = [];
      Object.defineProperty(doc, "cookie", {
        get: () => cookieJar.map((c) => c.split(";")[0]).join("; "),
        set: (c: string) => void cookieJar.push(c),
      });
      const memory = createQuoteMemory({ store: memoryStore(), companyId: "acme", localCache, cookies, doc });
      memory.remember("5520 Brand Road", "43017", "q-123");
      assert.equal(memory.find("5520 brand road", "43017"), found ? "q-123" : null);
      assert.equal(memory.find("1 Other St", "43017"), null);
      if (cookies) assert.match(cookieJar[0]!, /Max-Age=1209600; Path=\/; SameSite=Lax/);
    });
  }
});

describe("what the device keeps expires 14 days after it was written (issue 12)", () => {
  const isString = (d: unknown): d is string => typeof d === "string";
  const DAY = 86_400_000;
  // [days since written, still there?]
  const TABLE: Array<[number, boolean]> = [
    [0, true],
    [13.9, true],
    [KEPT_DAYS, true],
    [KEPT_DAYS + 0.01, false],
    [365, false],
  ];
  for (const [days, kept] of TABLE) {
    test(`${days} days after: ${kept ? "read" : "removed"}`, () => {
      const store = memoryStore();
      writeRecord(store, "k", 1, "quote", 0);
      assert.equal(readRecord(store, "k", 1, isString, true, days * DAY), kept ? "quote" : null);
      assert.equal(store.get("k") !== null, kept, "an expired record is taken off the device");
    });
  }

  test("a record of a release that did not date it counts as expired; reads without expiry still take it", () => {
    const store = memoryStore();
    store.set("k", JSON.stringify({ v: 1, data: "old" }));
    assert.equal(readRecord(store, "k", 1, isString), "old");
    assert.equal(readRecord(store, "k", 1, isString, true), null);
    assert.equal(store.get("k"), null);
  });

  test("the address cache follows it", () => {
    const store = memoryStore();
    const quotes = createQuoteMemory({ store, companyId: "acme", localCache: true, cookies: false });
    quotes.remember("1 Main St", "43017", "q-1", "tok-1");
    const cacheKey = `qa:quote:acme:${addressKey("1 Main St", "43017")}`;
    const aged = JSON.parse(store.get(cacheKey)!) as { at: number };
    store.set(cacheKey, JSON.stringify({ ...aged, at: aged.at - (KEPT_DAYS + 1) * DAY }));
    assert.equal(quotes.find("1 Main St", "43017"), null);
    assert.equal(store.get(cacheKey), null);
  });
});
