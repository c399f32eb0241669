// The unsubscribe link of every follow-up e-mail (issue 34): GET shows one button (a link
// scanner's visit changes nothing), POST unsubscribes: no more follow-ups for the quote, and no
// follow-up e-mail from the company to that address again. The mail client's own button posts
// `List-Unsubscribe=One-Click` to the same URL (RFC 8058). The token is signed as resume links
// are (resume-token.ts) under a secret of its own and for the purpose "unsubscribe", so neither
// link opens the other's door.
import { Hono, type Context } from "hono";
import { html } from "../pages/html.ts";
import { signResumeToken, verifyResumeToken } from "../resume/resume-token.ts";
import type { FollowUpStore } from "./follow-up-store.ts";

export const UNSUBSCRIBE_PATH = "/v1/follow-ups/unsubscribe";
export const UNSUBSCRIBE_SECRET = "follow-up-unsubscribe";

export interface UnsubscribeRoutesDeps {
  store: Pick<FollowUpStore, "unsubscribe">;
  secret: () => Promise<string>;
  now?: () => Date;
}

export async function unsubscribeUrl(publicOrigin: string, secret: () => Promise<string>, companyId: string, quoteId: string, now = new Date()): Promise<string> {
  return `${publicOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(signResumeToken(await secret(), companyId, quoteId, now, "unsubscribe"))}`;
}

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`.toString();

const SECURITY_HEADERS = { "Content-Security-Policy": "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'", "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" };

export function createUnsubscribeRoutes(deps: UnsubscribeRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());
  const claimOf = async (c: Context) => {
    const verdict = verifyResumeToken(await deps.secret(), c.req.query("token"), now(), "unsubscribe");
    return verdict.ok ? verdict.claim : undefined;
  };
  const refused = (c: Context) =>
    c.html(page("This link is not valid", html`<p>This unsubscribe link has expired or is not valid. Reply to the e-mail and the company will stop.</p>`), 400, SECURITY_HEADERS);

  routes.get(UNSUBSCRIBE_PATH, async (c) => {
    const claim = await claimOf(c);
    if (!claim) return refused(c);
    const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(c.req.query("token") ?? "")}`;
    return c.html(
      page("Stop e-mails about this quote?", html`<form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`),
      200,
      SECURITY_HEADERS,
    );
  });

  routes.post(UNSUBSCRIBE_PATH, async (c) => {
    const claim = await claimOf(c);
    if (!claim) return refused(c);
    await deps.store.unsubscribe(claim.companyId, claim.quoteId, now().toISOString());
    return c.html(page("You are unsubscribed", html`<p>You will get no more e-mails about this quote.</p>`), 200, SECURITY_HEADERS);
  });

  return routes;
}
