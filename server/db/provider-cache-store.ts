// Third parties' answers kept a day per address (issue 28): providers bill per call, and the
// same visitor asks for the same address several times in one conversation (the estimate,
// the pictures, a reload). Values are JSON; a picture is kept as base64. Expired rows are
// never answered and are swept now and then. Keys (addresses, place ids) are stored hashed.
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProviderCache {
  /** The value kept for (provider, key), unless it has expired. */
  get<T>(provider: string, key: string): Promise<T | undefined>;
  /** Keeps `value` for `ttlMs` (default a day). */
  put(provider: string, key: string, value: unknown, ttlMs?: number): Promise<void>;
}

/** How many writes between two sweeps of expired rows (per process). */
const SWEEP_EVERY = 200;

const hashed = (key: string) => createHash("sha256").update(key).digest("hex");

export function createProviderCache(db: Kysely<Schema>, now: () => number = Date.now): ProviderCache {
  let writesSinceSweep = 0;
  return {
    async get<T>(provider: string, key: string) {
      const row = await db
        .selectFrom("provider_cache")
        .select(["value", "expires_at"])
        .where("provider", "=", provider)
        .where("cache_key", "=", hashed(key))
        .executeTakeFirst();
      if (!row || Number(row.expires_at) <= now()) return undefined;
      return JSON.parse(row.value) as T;
    },
    async put(provider, key, value, ttlMs = DAY_MS) {
      const expiresAt = now() + ttlMs;
      const json = JSON.stringify(value);
      await db
        .insertInto("provider_cache")
        .values({ provider, cache_key: hashed(key), value: json, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(["provider", "cache_key"]).doUpdateSet({ value: json, expires_at: expiresAt }))
        .execute();
      if (++writesSinceSweep >= SWEEP_EVERY) {
        writesSinceSweep = 0;
        await db.deleteFrom("provider_cache").where("expires_at", "<=", now()).execute();
      }
    },
  };
}

/** A cache that keeps nothing (an adapter a test builds without a database). */
export const NO_CACHE: ProviderCache = { get: async () => undefined, put: async () => {} };
