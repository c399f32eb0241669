// The console's people and their ways in (issue 24): staff of one company each (owner or staff),
// one-time sign-in links (15 minutes, single use) and sessions. Links and session ids are random
// 32-byte values that only the e-mail and the browser's cookie hold; the database keeps their
// SHA-256 hashes, so a copy of it signs nobody in.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Schema, StaffTable } from "../db/schema.ts";

export type StaffRole = "owner" | "staff";

export interface StaffMember {
  id: string;
  companyId: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  /** The language their e-mails are written in ('en', 'es'): the console's when they last asked for a link; null before. */
  lang: string | null;
}

export interface ConsoleSession {
  /** The SHA-256 of the cookie's value: how the session is named in the database and revoked. */
  idHash: string;
  staff: StaffMember;
  csrfToken: string;
  expiresAt: string;
}

export const SIGN_IN_LINK_MS = 15 * 60 * 1000;
export const SESSION_MS = 14 * 24 * 60 * 60 * 1000;

export class StaffEmailTaken extends Error {
  override name = "StaffEmailTaken";
}

export interface StaffStore {
  /** Adds a staff member; StaffEmailTaken when the address already belongs to someone (any company). */
  add(companyId: string, email: string, role: StaffRole, createdBy: string): Promise<StaffMember>;
  /** The member with this e-mail (any case), in any company. */
  findByEmail(email: string): Promise<StaffMember | undefined>;
  /** Keeps the language their e-mails are to be written in. */
  setLanguage(staffId: string, lang: string): Promise<void>;
  list(companyId: string): Promise<StaffMember[]>;
  /** Removes a member of this company (their links and sessions go with them); false when none. */
  remove(companyId: string, staffId: string): Promise<boolean>;
  /** A new one-time sign-in link's token (only its hash is stored). */
  createSignInLink(staffId: string, now: Date): Promise<string>;
  /** How many links the member was sent since `since` (sign-in requests are capped per address). */
  countLinksSince(staffId: string, since: Date): Promise<number>;
  /** The member a valid, unused, unexpired token names; it is used up by this call. */
  redeemSignInLink(token: string, now: Date): Promise<StaffMember | undefined>;
  /** A new session: the cookie's value (only its hash is stored) and its CSRF token. */
  createSession(staff: StaffMember, now: Date): Promise<{ cookie: string; session: ConsoleSession }>;
  /** The live session the cookie's value names, with its member as they are now. */
  findSession(cookie: string, now: Date): Promise<ConsoleSession | undefined>;
  revokeSession(idHash: string, now: Date): Promise<void>;
  /** Signs the member out everywhere; returns how many sessions ended. */
  revokeAllSessions(staffId: string, now: Date): Promise<number>;
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const toStaff = (row: Selectable<StaffTable>): StaffMember => ({
  id: row.id,
  companyId: row.company_id,
  email: row.email,
  role: row.role,
  createdAt: row.created_at,
  lang: row.lang ?? null,
});

/** `db` may be a transaction: the store's calls then belong to it. */
export function createStaffStore(db: Kysely<Schema>): StaffStore {
  const findById = async (id: string) => {
    const row = await db.selectFrom("staff").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toStaff(row) : undefined;
  };
  return {
    async add(companyId, email, role, createdBy) {
      const normalized = normalizeEmail(email);
      const taken = await db.selectFrom("staff").select("id").where("email", "=", normalized).executeTakeFirst();
      if (taken) throw new StaffEmailTaken(`${normalized} already has a console account`);
      const row = { id: randomUUID(), company_id: companyId, email: normalized, role, created_at: new Date().toISOString(), created_by: createdBy, lang: null };
      await db.insertInto("staff").values(row).execute();
      return toStaff(row);
    },
    async findByEmail(email) {
      const row = await db.selectFrom("staff").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
      return row ? toStaff(row) : undefined;
    },
    async setLanguage(staffId, lang) {
      await db.updateTable("staff").set({ lang }).where("id", "=", staffId).execute();
    },
    async list(companyId) {
      const rows = await db.selectFrom("staff").selectAll().where("company_id", "=", companyId).orderBy("created_at").orderBy("email").execute();
      return rows.map(toStaff);
    },
    async remove(companyId, staffId) {
      await db.deleteFrom("staff_sessions").where("staff_id", "=", staffId).where("company_id", "=", companyId).execute();
      await db
        .deleteFrom("staff_sign_in_links")
        .where("staff_id", "in", db.selectFrom("staff").select("id").where("id", "=", staffId).where("company_id", "=", companyId))
        .execute();
      const result = await db.deleteFrom("staff").where("id", "=", staffId).where("company_id", "=", companyId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    async createSignInLink(staffId, now) {
      const token = newSecret();
      await db
        .insertInto("staff_sign_in_links")
        .values({ token_hash: sha256(token), staff_id: staffId, created_at: now.toISOString(), expires_at: new Date(now.getTime() + SIGN_IN_LINK_MS).toISOString(), used_at: null })
        .execute();
      return token;
    },
    async countLinksSince(staffId, since) {
      const rows = await db.selectFrom("staff_sign_in_links").select("token_hash").where("staff_id", "=", staffId).where("created_at", ">=", since.toISOString()).execute();
      return rows.length;
    },
    async redeemSignInLink(token, now) {
      const hash = sha256(token);
      const at = now.toISOString();
      // One UPDATE: two tabs redeeming the same link at once cannot both win.
      const result = await db
        .updateTable("staff_sign_in_links")
        .set({ used_at: at })
        .where("token_hash", "=", hash)
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const link = await db.selectFrom("staff_sign_in_links").select("staff_id").where("token_hash", "=", hash).executeTakeFirstOrThrow();
      return findById(link.staff_id);
    },
    async createSession(staff, now) {
      const cookie = newSecret();
      const session: ConsoleSession = { idHash: sha256(cookie), staff, csrfToken: newSecret(), expiresAt: new Date(now.getTime() + SESSION_MS).toISOString() };
      await db
        .insertInto("staff_sessions")
        .values({ id_hash: session.idHash, staff_id: staff.id, company_id: staff.companyId, csrf_token: session.csrfToken, created_at: now.toISOString(), expires_at: session.expiresAt, revoked_at: null })
        .execute();
      return { cookie, session };
    },
    async findSession(cookie, now) {
      const row = await db
        .selectFrom("staff_sessions")
        .innerJoin("staff", "staff.id", "staff_sessions.staff_id")
        .selectAll("staff")
        .select(["staff_sessions.id_hash", "staff_sessions.csrf_token", "staff_sessions.expires_at", "staff_sessions.company_id as session_company"])
        .where("staff_sessions.id_hash", "=", sha256(cookie))
        .where("staff_sessions.revoked_at", "is", null)
        .where("staff_sessions.expires_at", ">", now.toISOString())
        .executeTakeFirst();
      // A member moved to another company (never done, but cheap to refuse) keeps no old session.
      if (!row || row.session_company !== row.company_id) return undefined;
      return { idHash: row.id_hash, staff: toStaff(row), csrfToken: row.csrf_token, expiresAt: row.expires_at };
    },
    async revokeSession(idHash, now) {
      await db.updateTable("staff_sessions").set({ revoked_at: now.toISOString() }).where("id_hash", "=", idHash).where("revoked_at", "is", null).execute();
    },
    async revokeAllSessions(staffId, now) {
      const result = await db.updateTable("staff_sessions").set({ revoked_at: now.toISOString() }).where("staff_id", "=", staffId).where("revoked_at", "is", null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/** MailDeliveryOptions.findLanguage: the language a staff address reads its e-mails in, when they have one. */
export const staffLanguage =
  (staff: Pick<StaffStore, "findByEmail">) =>
  async (email: string): Promise<string | undefined> =>
    (await staff.findByEmail(email))?.lang ?? undefined;
