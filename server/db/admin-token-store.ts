// The admin API's bearer tokens (docs/admin.md), one or more per company. A token is
// `qa_<id>_<secret>`: the id is public (it names who made a change in the versions table and
// finds the row), the secret is 32 random bytes. The store keeps only the SHA-256 of the whole
// token: a plain hash is enough because the token is high-entropy random, not a password a
// person chose, so no dictionary or brute force can reverse it and a slow hash (bcrypt,
// scrypt) would only slow every request down. A copy of the database opens nothing. The
// presented token's hash is compared with the stored one in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface AdminTokenIdentity {
  tokenId: string;
  companyId: string;
  label: string;
}

export interface AdminTokenStore {
  /** A new token for the company: returned once (print it), stored as its hash. */
  create(companyId: string, label: string): Promise<{ token: string; tokenId: string }>;
  /**
   * Stores a token whose text is already known: the demo's documented token. Never call it
   * for a production database (the demo seed does; `npm run serve` never does).
   */
  createKnown(token: string, companyId: string, label: string): Promise<void>;
  /** The token's company and id, or undefined for a malformed, unknown or revoked token. */
  verify(token: string | undefined): Promise<AdminTokenIdentity | undefined>;
  /** Revokes a token by its id; false if there is no such token. */
  revoke(tokenId: string): Promise<boolean>;
  /** The company's tokens, without any secret (there is none to show). */
  list(companyId: string): Promise<Array<AdminTokenIdentity & { createdAt: string; revokedAt: string | null }>>;
}

const TOKEN_PATTERN = /^qa_([a-z0-9-]{1,40})_([A-Za-z0-9_-]{16,100})$/;

export const hashAdminToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** The id part of a well-formed token, else undefined. */
export function adminTokenId(token: string): string | undefined {
  return TOKEN_PATTERN.exec(token)?.[1];
}

// Compared against when the id is unknown, so an unknown id costs the same hash and compare.
const NO_HASH = hashAdminToken("qa_none_none-none-none-none");

export function createAdminTokenStore(db: Kysely<Schema>, now: () => Date = () => new Date()): AdminTokenStore {
  const insert = async (token: string, companyId: string, label: string) => {
    const tokenId = adminTokenId(token);
    if (!tokenId) throw new Error("malformed admin token");
    await db
      .insertInto("admin_tokens")
      .values({ token_id: tokenId, company_id: companyId, label, token_hash: hashAdminToken(token), created_at: now().toISOString(), revoked_at: null })
      .execute();
    return tokenId;
  };
  return {
    create: async (companyId, label) => {
      const token = `qa_${randomBytes(6).toString("hex")}_${randomBytes(32).toString("base64url")}`;
      return { token, tokenId: await insert(token, companyId, label) };
    },
    createKnown: async (token, companyId, label) => {
      const tokenId = adminTokenId(token);
      if (tokenId) await db.deleteFrom("admin_tokens").where("token_id", "=", tokenId).execute();
      await insert(token, companyId, label);
    },
    verify: async (token) => {
      const tokenId = token === undefined ? undefined : adminTokenId(token);
      if (token === undefined || tokenId === undefined) return undefined;
      const row = await db
        .selectFrom("admin_tokens")
        .select(["token_id", "company_id", "label", "token_hash", "revoked_at"])
        .where("token_id", "=", tokenId)
        .executeTakeFirst();
      const same = timingSafeEqual(Buffer.from(row?.token_hash ?? NO_HASH, "hex"), Buffer.from(hashAdminToken(token), "hex"));
      if (!row || !same || row.revoked_at !== null) return undefined;
      return { tokenId: row.token_id, companyId: row.company_id, label: row.label };
    },
    revoke: async (tokenId) => {
      const result = await db
        .updateTable("admin_tokens")
        .set({ revoked_at: now().toISOString() })
        .where("token_id", "=", tokenId)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    list: async (companyId) =>
      (
        await db
          .selectFrom("admin_tokens")
          .select(["token_id", "company_id", "label", "created_at", "revoked_at"])
          .where("company_id", "=", companyId)
          .orderBy("created_at")
          .execute()
      ).map((row) => ({ tokenId: row.token_id, companyId: row.company_id, label: row.label, createdAt: row.created_at, revokedAt: row.revoked_at })),
  };
}
