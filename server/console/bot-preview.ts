// The builder's live preview (issue 25): the real widget (dist/quote-assistant.js) in a page of
// the console's own origin, framed by the console, running the bot's DRAFT in preview mode
// (SPEC §2 `preview`: test traffic, kept out of the inbox and the funnel).
//
// The widget sends no cookies, so the console hands the frame a capability instead: a token
// signed with a server secret, naming the company and bot, for two hours. The frame's widget
// uses /console/preview-api/<token> as its API base: its configuration call is answered with
// the draft (or the live configuration when there is none), every other call goes to the
// public API unchanged but for preview=true. The token reads nothing else: every other call is
// public anyway.
import type { Context, Hono } from "hono";
import { apiError } from "../api/api-error.ts";
import { DEV_ORIGINS_META } from "../pages/hosted-page.ts";
import type { Stores } from "../db/stores.ts";
import { signToken, verifyToken } from "../security/signed-token.ts";
import * as v from "valibot";

const TTL_MS = 2 * 60 * 60 * 1000;

export interface PreviewClaims {
  companyId: string;
  botId: string;
}

const PreviewDataSchema = v.object({ companyId: v.string(), botId: v.string() });

/** The signing key from a server secret (the same in every process). */
export async function previewKeyFrom(secret: string): Promise<string> {
  return `console-preview:${secret}`;
}

/** A token in the one signed format (security/signed-token.ts), for the purpose "console-preview". */
export async function issuePreviewToken(key: string, claims: PreviewClaims, now: Date): Promise<string> {
  return signToken(key, "console-preview", { companyId: claims.companyId, botId: claims.botId }, Math.floor((now.getTime() + TTL_MS) / 1000));
}

/** Tokens issued before issue 36 are refused: they lived two hours, and the console says to reload. */
export async function verifyPreviewToken(key: string, token: string, now: Date): Promise<PreviewClaims | undefined> {
  const verdict = verifyToken(key, "console-preview", PreviewDataSchema, token, now);
  return verdict.ok ? verdict.data : undefined;
}

/** The preview's signing key, from the server secret "console-preview", read once. */
export function previewKeyOf(resume: Pick<Stores["resume"], "secret">): () => Promise<string> {
  let key: Promise<string> | undefined;
  return () => {
    key ??= resume.secret("console-preview").then(previewKeyFrom, (error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}

/** The frame's page: the widget may use inline styles and show pictures from anywhere; framed only by the console. */
export const PREVIEW_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src * data: blob:; media-src *; font-src * data:; connect-src 'self'; frame-src *; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const previewPage = (devOrigins: boolean) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${devOrigins ? DEV_ORIGINS_META.toString() : ""}
<title>Preview</title>
<link rel="stylesheet" href="/console/preview.css">
<script src="/console/preview.js" defer></script>
</head>
<body></body>
</html>
`;

const PREVIEW_CSS = "html,body{margin:0;height:100%;background:#f4f5f7}quote-assistant{display:block;height:100vh;height:100dvh}";

// The company, bot and token come in the fragment (never sent to a server, never in a log).
// The company's saved widget state on this origin is cleared first: each load starts at the greeting.
const PREVIEW_JS = `(() => {
  const params = new URLSearchParams(location.hash.slice(1));
  const company = params.get("company") || "", bot = params.get("bot") || "", token = params.get("token") || "";
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(company) || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(bot) || !/^[\\w.-]{1,500}$/.test(token)) {
    document.body.textContent = "This preview has no bot.";
    return;
  }
  for (const store of [localStorage, sessionStorage]) {
    try {
      for (const key of Object.keys(store)) if (key.startsWith("qa:") && key.includes(":" + company + ":")) store.removeItem(key);
    } catch {}
  }
  const widget = document.createElement("quote-assistant");
  widget.setAttribute("mode", "inline");
  widget.setAttribute("company", company);
  widget.setAttribute("bot", bot);
  widget.setAttribute("api-base", location.origin + "/console/preview-api/" + token);
  document.body.append(widget);
  const script = document.createElement("script");
  script.src = "/dist/quote-assistant.js";
  document.head.append(script);
})();
`;

export interface PreviewDeps {
  key: () => Promise<string>;
  /** The draft of the bot, else its live configuration, as visitors would get it; undefined when there is no such bot. */
  configFor: (claims: PreviewClaims) => Promise<string | undefined>;
  devOrigins: boolean;
  now: () => Date;
}

/**
 * Mounts the preview's page and its API on the widget origin's app `app` (whose public routes
 * the API forwards to).
 */
export function mountPreview(app: Hono, deps: PreviewDeps): void {
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };
  app.get("/console/preview", (c) => c.html(previewPage(deps.devOrigins), 200, { ...headers, "Content-Security-Policy": PREVIEW_CSP }));
  app.get("/console/preview.js", (c) => c.body(PREVIEW_JS, 200, { ...headers, "Content-Type": "text/javascript; charset=utf-8" }));
  app.get("/console/preview.css", (c) => c.body(PREVIEW_CSS, 200, { ...headers, "Content-Type": "text/css; charset=utf-8" }));

  app.all("/console/preview-api/:token/*", async (c: Context) => {
    const token = c.req.param("token") ?? "";
    const claims = await verifyPreviewToken(await deps.key(), token, deps.now());
    if (!claims) return apiError(c, 401, "This preview has expired: reload the console");
    const rest = c.req.path.slice(`/console/preview-api/${token}`.length);
    if (!/^\/v[12]\//.test(rest)) return apiError(c, 404, "Not an API call");
    if (c.req.method === "GET" && rest === `/v1/company/${claims.companyId}/bot/${claims.botId}`) {
      const config = await deps.configFor(claims);
      if (config === undefined) return apiError(c, 404, "No such bot");
      return c.body(config, 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    }
    const url = new URL(c.req.url);
    url.pathname = rest;
    url.searchParams.set("preview", "true");
    const method = c.req.method;
    const body = method === "GET" || method === "HEAD" ? undefined : await c.req.arrayBuffer();
    return app.fetch(new Request(url, { method, headers: c.req.raw.headers, body }), c.env);
  });
}
