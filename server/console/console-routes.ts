// The company's console (issue 24) on the backend's origin: the page at /console/ (its own
// script and stylesheet, under a strict CSP) and its API at /console/api/*, not CORS-open.
// Sign-in by e-mailed one-time link; the session is an HttpOnly cookie; every write must come
// from this origin (Origin header, exactly) and carry the session's CSRF token. Every call is
// scoped to the session's company: a quote of another company is a 404 like a missing one.
// This file: the page, sign-in and the session, the settings and the team; the leads, the
// funnel (lead-routes.ts) and the builder (bot-routes.ts) are registered behind its checks.
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as v from "valibot";
import { apiError } from "../api/api-error.ts";
import { readBody } from "../api/request-body.ts";
import { encodingHeaders, readStaticFile } from "../static-files.ts";
import { createBuilderRoutes } from "./builder/builder-routes.ts";
import { secretsEqual } from "../webhooks/signature.ts";
import { ALERT_EVENTS } from "./console-store.ts";
import { LANGUAGES } from "../../src/i18n/language-tags.ts";
import { consoleSignInUrl } from "./mail.ts";
import { SESSION_MS, StaffEmailTaken, type ConsoleSession } from "./staff-store.ts";
import { registerBotRoutes } from "./bot-routes.ts";
import { previewKeyOf } from "./bot-preview.ts";
import { registerLeadRoutes } from "./lead-routes.ts";
import type { ConsoleEnv, ConsoleRoutesDeps } from "./types.ts";

export type { ConsoleEnv, ConsoleRoutesDeps } from "./types.ts";

export const COOKIE_NAME = "qa_console";
export const CSRF_HEADER = "X-CSRF-Token";

/** No inline script or style, nothing from elsewhere, never framed; it frames only its own preview (bot-preview.ts). */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE_HEADERS = {
  "Content-Security-Policy": CONSOLE_CSP,
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quote Assistant console</title>
<link rel="stylesheet" href="/console/console.css">
<script src="/console/console.js" defer></script>
</head>
<body>
<div id="console-root"><p>Loading the console…</p></div>
<noscript>The console needs JavaScript.</noscript>
</body>
</html>
`;

/** A sign-in link is sent at most this often per address in 15 minutes (the rest are dropped quietly). */
const MAX_LINKS_PER_15_MIN = 5;

const Email = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());
/** The console page's language: the link's e-mail is written in it (src/i18n/<lang>/console-mail.ts). */
const Lang = v.optional(v.picklist(LANGUAGES));
const SignInBody = v.object({ email: Email, lang: Lang });
const SessionBody = v.object({ token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)) });
const SettingsBody = v.object({ alertEmails: v.pipe(v.array(Email), v.maxLength(20)), alertEvents: v.array(v.picklist(ALERT_EVENTS)) });
const InviteBody = v.object({ email: Email, role: v.picklist(["owner", "staff"]), lang: Lang });

type Env = ConsoleEnv;

/** The inbox's search and filters (lead-routes.ts). */
export { matchesLead } from "./lead-routes.ts";

export function createConsoleRoutes(deps: ConsoleRoutesDeps): Hono<Env> {
  const app = new Hono<Env>();
  const now = deps.now ?? (() => new Date());
  const originOf = (c: Context) => deps.publicOrigin ?? new URL(c.req.url).origin;
  const secureCookie = (c: Context) => originOf(c).startsWith("https:");

  const page = (c: Context) => c.html(CONSOLE_PAGE, 200, PAGE_HEADERS);
  app.get("/console", (c) => c.redirect("/console/", 301));
  app.get("/console/", page);
  for (const [name, type] of [
    ["console.js", "text/javascript; charset=utf-8"],
    ["console.css", "text/css; charset=utf-8"],
  ] as const) {
    app.get(`/console/${name}`, async (c) => {
      const file = await readStaticFile(deps.distDir, name, c.req.header("accept-encoding"));
      if (!file) return c.text(`dist/${name} is not built yet: run \`npm run build\` and reload.`, 503);
      return c.body(new Uint8Array(file.body), 200, { "Content-Type": type, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", ...encodingHeaders(file) });
    });
  }

  // Every API answer: never cached, never framed, JSON or CSV only.
  app.use("/console/api/*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Content-Type-Options", "nosniff");
  });

  // Writes only from the console's own page: the browser's Origin, exactly.
  app.use("/console/api/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.header("Origin") !== originOf(c)) {
      return apiError(c, 403, "Writes to the console API come from the console's own origin");
    }
    return next();
  });

  // Asking for a link: the same answer whether or not the address has an account.
  app.post("/console/api/sign-in", async (c) => {
    const read = await readBody(c, SignInBody);
    if (!read.ok) return read.response;
    const at = now();
    const queued = await deps.transaction(async (tx) => {
      const staff = await tx.staff.findByEmail(read.body.email);
      if (!staff) return false;
      // Their alerts and digests are written in the language they use the console in.
      if (read.body.lang && read.body.lang !== staff.lang) await tx.staff.setLanguage(staff.id, read.body.lang);
      if ((await tx.staff.countLinksSince(staff.id, new Date(at.getTime() - 15 * 60 * 1000))) >= MAX_LINKS_PER_15_MIN) return false;
      const token = await tx.staff.createSignInLink(staff.id, at);
      await tx.outbox.enqueueSignIn({ companyId: staff.companyId, email: staff.email, link: consoleSignInUrl(originOf(c), token), invitedBy: null, createdAt: at.toISOString(), lang: read.body.lang });
      return true;
    });
    // Committed: the link goes now (a person waits for it), not at the worker's next poll.
    if (queued) deps.signInQueued?.();
    return c.json({ ok: true }, 202);
  });

  const me = async (session: ConsoleSession) => {
    const bot = await deps.companies.findFirstBot(session.staff.companyId);
    let companyName = session.staff.companyId;
    if (bot) {
      try {
        companyName = (JSON.parse(bot.config) as { companyName?: string }).companyName ?? companyName;
      } catch {
        // The id will do.
      }
    }
    return { email: session.staff.email, role: session.staff.role, companyId: session.staff.companyId, companyName, csrfToken: session.csrfToken };
  };

  // The link's token (from the page's fragment, never a GET a mail scanner could follow) for a session.
  app.post("/console/api/session", async (c) => {
    const read = await readBody(c, SessionBody);
    if (!read.ok) return read.response;
    const at = now();
    const created = await deps.transaction(async (tx) => {
      const staff = await tx.staff.redeemSignInLink(read.body.token, at);
      return staff ? tx.staff.createSession(staff, at) : undefined;
    });
    if (!created) return apiError(c, 401, "This sign-in link has expired or was already used: ask for a new one");
    setCookie(c, COOKIE_NAME, created.cookie, { path: "/console", httpOnly: true, secure: secureCookie(c), sameSite: "Lax", maxAge: Math.floor(SESSION_MS / 1000) });
    return c.json(await me(created.session));
  });

  // Everything else needs a live session; writes also its CSRF token.
  app.use("/console/api/*", async (c, next) => {
    const cookie = getCookie(c, COOKIE_NAME);
    const session = cookie ? await deps.stores.staff.findSession(cookie, now()) : undefined;
    if (!session) return apiError(c, 401, "Sign in to the console");
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && !secretsEqual(c.req.header(CSRF_HEADER) ?? "", session.csrfToken)) {
      return apiError(c, 403, `A console write carries the session's ${CSRF_HEADER} header`);
    }
    c.set("session", session);
    return next();
  });
  const ownersOnly = (c: Context<Env>) => (c.get("session").staff.role === "owner" ? undefined : apiError(c, 403, "Only an owner can do this"));

  app.get("/console/api/me", async (c) => c.json(await me(c.get("session"))));

  app.post("/console/api/sign-out", async (c) => {
    await deps.stores.staff.revokeSession(c.get("session").idHash, now());
    deleteCookie(c, COOKIE_NAME, { path: "/console", secure: secureCookie(c) });
    return c.json({ ok: true });
  });

  app.post("/console/api/sign-out-everywhere", async (c) => {
    const ended = await deps.stores.staff.revokeAllSessions(c.get("session").staff.id, now());
    deleteCookie(c, COOKIE_NAME, { path: "/console", secure: secureCookie(c) });
    return c.json({ ok: true, ended });
  });

  registerLeadRoutes(app, deps, now);


  app.get("/console/api/settings", async (c) => c.json(await deps.stores.console.settings(c.get("session").staff.companyId)));

  app.post("/console/api/settings", async (c) => {
    const refused = ownersOnly(c);
    if (refused) return refused;
    const read = await readBody(c, SettingsBody);
    if (!read.ok) return read.response;
    const companyId = c.get("session").staff.companyId;
    await deps.stores.console.saveSettings(companyId, read.body, now());
    return c.json(await deps.stores.console.settings(companyId));
  });

  app.get("/console/api/staff", async (c) => c.json({ staff: await deps.stores.staff.list(c.get("session").staff.companyId) }));

  // An owner invites a colleague: the account, and a sign-in link by e-mail, together.
  app.post("/console/api/staff", async (c) => {
    const refused = ownersOnly(c);
    if (refused) return refused;
    const read = await readBody(c, InviteBody);
    if (!read.ok) return read.response;
    const session = c.get("session");
    const at = now();
    try {
      const member = await deps.transaction(async (tx) => {
        const added = await tx.staff.add(session.staff.companyId, read.body.email, read.body.role, session.staff.email);
        const token = await tx.staff.createSignInLink(added.id, at);
        await tx.outbox.enqueueSignIn({ companyId: added.companyId, email: added.email, link: consoleSignInUrl(originOf(c), token), invitedBy: session.staff.email, createdAt: at.toISOString(), lang: read.body.lang });
        // Their alerts are written in the invitation's language until they ask for a link themselves.
        if (!read.body.lang) return added;
        await tx.staff.setLanguage(added.id, read.body.lang);
        return { ...added, lang: read.body.lang };
      });
      deps.signInQueued?.();
      return c.json(member, 201);
    } catch (error) {
      if (error instanceof StaffEmailTaken) return apiError(c, 409, "This address already has a console account");
      throw error;
    }
  });

  app.post("/console/api/staff/:staffId/remove", async (c) => {
    const refused = ownersOnly(c);
    if (refused) return refused;
    const session = c.get("session");
    const staffId = c.req.param("staffId");
    if (staffId === session.staff.id) return apiError(c, 409, "You cannot remove yourself");
    const removed = await deps.stores.staff.remove(session.staff.companyId, staffId);
    return removed ? c.json({ ok: true }) : apiError(c, 404, "No such staff member");
  });

  if (deps.builder) {
    const builder = deps.builder;
    registerBotRoutes(app, {
      companies: deps.companies,
      documents: builder.documents,
      drafts: deps.stores.botDrafts,
      urlRules: builder.urlRules,
      ...(builder.configurationErrors ? { configurationErrors: builder.configurationErrors } : {}),
      previewKey: previewKeyOf(deps.stores.resume),
      now,
    });
    // Prices, tax table, install and webhooks (issue 25, part B).
    app.route("/", createBuilderRoutes({ stores: { documents: builder.documents, taxRates: deps.stores.taxRates, builder: deps.stores.builder }, companies: deps.companies, urlRules: builder.urlRules, ...(builder.fetch ? { fetch: builder.fetch } : {}), ...(deps.publicOrigin ? { publicOrigin: deps.publicOrigin } : {}), now }));
  }

  app.all("/console/api/*", (c) => apiError(c, 404, `No route ${c.req.method} ${c.req.path}`));

  return app;
}
