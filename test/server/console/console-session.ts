// A staff member signed in to the console of an in-process demo site, as the console app does
// it: the sign-in link asked for, read from the mail sink, exchanged for a session cookie and a
// CSRF token. One helper for every console API test file.
import assert from "node:assert/strict";
import { eventually } from "../../eventually.ts";

/** What a console test needs of a site: its origins and the fetch that answers them in process. */
export interface ConsoleSite {
  urls: { widget: string; mail: string };
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

export interface SunkMail {
  to: string[];
  text: string;
}

export interface ConsoleSession {
  get(path: string): Promise<Response>;
  /** A JSON POST with the session's cookie and CSRF token. */
  post(path: string, body?: unknown): Promise<Response>;
  /** Any method; a string body is sent as it is (a malformed body). */
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** Every e-mail the site's mail sink holds. */
export async function sunkMail(site: ConsoleSite): Promise<SunkMail[]> {
  return ((await (await site.fetch(`${site.urls.mail}/messages.json`)).json()) as { messages: SunkMail[] }).messages;
}

/** A request to /console/api/{path} from the console's own origin, without a session. */
export function consoleRequest(site: ConsoleSite, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const origin = site.urls.widget;
  return site.fetch(`${origin}/console/api/${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, ...headers },
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
}

export async function signIn(site: ConsoleSite, email: string): Promise<ConsoleSession> {
  const count = (await sunkMail(site)).filter((m) => m.to.includes(email)).length;
  assert.equal((await consoleRequest(site, "POST", "sign-in", { email })).status, 202);
  const mine = await eventually(`a new mail to ${email}`, async () => (await sunkMail(site)).filter((m) => m.to.includes(email)), (m) => m.length > count, { timeoutMs: 15_000, everyMs: 100 });
  const token = /#sign-in=([\w-]+)/.exec(mine.at(-1)!.text)?.[1];
  assert.ok(token, `a sign-in link for ${email}: ${mine.at(-1)!.text}`);
  const response = await consoleRequest(site, "POST", "session", { token });
  assert.equal(response.status, 200);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0]!;
  const send: ConsoleSession["send"] = (method, path, body, headers = {}) => consoleRequest(site, method, path, body, { Cookie: cookie, "X-CSRF-Token": csrfToken, ...headers });
  return {
    get: (path) => site.fetch(`${site.urls.widget}/console/api/${path}`, { headers: { Cookie: cookie } }),
    post: (path, body = {}) => send("POST", path, body),
    send,
  };
}
