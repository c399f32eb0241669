// The console's builder API (issue 25): a bot's configuration as a draft the staff edit and
// preview, published by an owner as the next version of the same document the admin API
// writes (server/db/document-store.ts: who and when), any earlier version restored by an
// owner. Every route is scoped to the session's company: another company's bot is a 404 like
// a missing one. A draft is saved only when every field passes (src/config/config-fields.ts:
// the widget's schema, URL and colour rules, US ZIP codes, the follow-ups' schedule); a 400
// lists each field's problem. The follow-ups' preview renders the configuration being edited.
import type { Context, Hono } from "hono";
import * as v from "valibot";
import { configFieldProblems, type FieldProblem } from "../../src/config/config-fields.ts";
import type { UrlRules } from "../../src/config/safe-url.ts";
import { apiError } from "../api/api-error.ts";
import { readBody } from "../api/request-body.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { DocumentRef, DocumentStore, DocumentVersion } from "../db/document-store.ts";
import type { BotDraftStore } from "./bot-draft-store.ts";
import type { ConsoleEnv } from "./types.ts";
import { issuePreviewToken } from "./bot-preview.ts";
import { followUpPreview } from "./follow-up-preview.ts";
import { DEFAULT_FOLLOW_UPS } from "../../src/config/follow-ups.ts";

export interface BotRoutesDeps {
  companies: CompanyStore;
  documents: DocumentStore;
  drafts: BotDraftStore;
  /** The URL rules a configuration must pass (the admin API's). */
  urlRules: UrlRules;
  /** What this server cannot serve of a configuration (a port that is off, a missing CRM): shown, not refused. */
  configurationErrors?: (configJson: string) => string[];
  /** The preview's key (bot-preview.ts). */
  previewKey: () => Promise<string>;
  now: () => Date;
}

const DraftBody = v.object({ config: v.record(v.string(), v.unknown()) });
const RestoreBody = v.object({ version: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** "console:ann@greenway.example" → "ann@greenway.example"; the seed and tokens as they are. */
const describeVersion = (version: DocumentVersion) => ({
  version: version.version,
  changedBy: version.changedBy.replace(/^console:/, ""),
  label: version.label,
  changedAt: version.changedAt,
});

const valueAt = (document: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), document);

export function registerBotRoutes(app: Hono<ConsoleEnv>, deps: BotRoutesDeps): void {
  const companyOf = (c: Context<ConsoleEnv>) => c.get("session").staff.companyId;
  const ownersOnly = (c: Context<ConsoleEnv>) => (c.get("session").staff.role === "owner" ? undefined : apiError(c, 403, "Only an owner can publish or restore the bot"));
  /** This company's bot named in the path, else undefined (answered 404). */
  const ownBot = async (c: Context<ConsoleEnv>) => {
    const botId = c.req.param("botId") ?? "";
    const row = await deps.companies.findBot(companyOf(c), botId);
    return row ? { ref: { companyId: row.companyId, kind: "config", botId: row.botId } satisfies DocumentRef, live: row.config } : undefined;
  };
  const noBot = (c: Context) => apiError(c, 404, "No such bot");

  /**
   * The problems that block saving: all, but an address or colour the live configuration
   * already has unchanged (the widget ignores it, as the admin API allows; an unrelated edit
   * is not blocked by it).
   */
  const blocking = (config: Record<string, unknown>, botId: string, live: string): FieldProblem[] => {
    const current: unknown = JSON.parse(live);
    return configFieldProblems(config, botId, deps.urlRules).filter(
      (problem) => !["url", "urlHost", "video", "colour"].includes(problem.code) || JSON.stringify(valueAt(current, problem.field)) !== JSON.stringify(valueAt(config, problem.field)),
    );
  };
  const refused = (c: Context, problems: FieldProblem[]) =>
    c.json({ message: `Not saved: ${problems.map((p) => `${p.field} ${p.message}`).join("; ")}`, problems }, 400);

  app.get("/console/api/bots", async (c) => {
    const rows = (await deps.companies.listAll()).filter((row) => row.companyId === companyOf(c));
    return c.json({
      bots: rows.map((row) => {
        const config = JSON.parse(row.config) as { companyName?: string; botName?: string };
        return { botId: row.botId, companyName: config.companyName ?? row.companyId, botName: config.botName ?? null };
      }),
    });
  });

  app.get("/console/api/bots/:botId", async (c) => {
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    const current = await deps.documents.current(bot.ref);
    const draft = await deps.drafts.find(bot.ref.companyId, bot.ref.botId);
    return c.json({
      botId: bot.ref.botId,
      live: { config: JSON.parse(bot.live) as unknown, ...(current ? describeVersion(current) : { version: 0, changedBy: "", label: null, changedAt: "" }) },
      draft: draft ? { config: JSON.parse(draft.body) as unknown, savedBy: draft.savedBy, savedAt: draft.savedAt } : null,
      serverNotes: deps.configurationErrors?.(draft?.body ?? bot.live) ?? [],
      canPublish: c.get("session").staff.role === "owner",
      // The schedule a bot without its own followUps gets (the Bot page starts from it).
      followUpsDefault: DEFAULT_FOLLOW_UPS,
    });
  });

  // Staff and owners save drafts; nothing is saved while any field is wrong.
  app.post("/console/api/bots/:botId/draft", async (c) => {
    const read = await readBody(c, DraftBody);
    if (!read.ok) return read.response;
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    const problems = blocking(read.body.config, bot.ref.botId, bot.live);
    if (problems.length > 0) return refused(c, problems);
    const draft = { body: JSON.stringify(read.body.config), savedBy: c.get("session").staff.email, savedAt: deps.now().toISOString() };
    await deps.drafts.save(bot.ref.companyId, bot.ref.botId, draft);
    return c.json({ draft: { config: read.body.config, savedBy: draft.savedBy, savedAt: draft.savedAt }, serverNotes: deps.configurationErrors?.(draft.body) ?? [] });
  });

  app.post("/console/api/bots/:botId/draft/discard", async (c) => {
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    await deps.drafts.remove(bot.ref.companyId, bot.ref.botId);
    return c.json({ ok: true });
  });

  // An owner makes the draft live: the next version, with who and when.
  app.post("/console/api/bots/:botId/publish", async (c) => {
    const denied = ownersOnly(c);
    if (denied) return denied;
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    const draft = await deps.drafts.find(bot.ref.companyId, bot.ref.botId);
    if (!draft) return apiError(c, 409, "There is no draft to publish");
    const config = JSON.parse(draft.body) as Record<string, unknown>;
    const problems = blocking(config, bot.ref.botId, bot.live);
    if (problems.length > 0) return refused(c, problems);
    const email = c.get("session").staff.email;
    const saved = await deps.documents.replace(bot.ref, draft.body, { changedBy: `console:${email}`, label: "published in the console" });
    await deps.drafts.remove(bot.ref.companyId, bot.ref.botId);
    return c.json({ published: describeVersion(saved) });
  });

  app.get("/console/api/bots/:botId/versions", async (c) => {
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    return c.json({ versions: (await deps.documents.versions(bot.ref)).map(describeVersion) });
  });

  // An owner makes an earlier version live again (as the next version); the draft goes.
  app.post("/console/api/bots/:botId/restore", async (c) => {
    const denied = ownersOnly(c);
    if (denied) return denied;
    const read = await readBody(c, RestoreBody);
    if (!read.ok) return read.response;
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    const earlier = await deps.documents.version(bot.ref, read.body.version);
    if (!earlier) return apiError(c, 404, `No version ${read.body.version} of this bot`);
    const email = c.get("session").staff.email;
    const saved = await deps.documents.replace(bot.ref, earlier.body, { changedBy: `console:${email}`, label: `restored version ${read.body.version}` });
    await deps.drafts.remove(bot.ref.companyId, bot.ref.botId);
    return c.json({ published: describeVersion(saved) });
  });

  // The preview's address: the draft, for this bot, for two hours (bot-preview.ts).
  app.post("/console/api/bots/:botId/preview", async (c) => {
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    const token = await issuePreviewToken(await deps.previewKey(), { companyId: bot.ref.companyId, botId: bot.ref.botId }, deps.now());
    return c.json({ token });
  });

  // The follow-ups as a homeowner would get them (issue 34), from the form as it is (saved or not).
  app.post("/console/api/bots/:botId/follow-ups/preview", async (c) => {
    const read = await readBody(c, DraftBody);
    if (!read.ok) return read.response;
    const bot = await ownBot(c);
    if (!bot) return noBot(c);
    return c.json(followUpPreview(read.body.config, new URL(c.req.url).origin));
  });
}
