// The console's calls to /console/api/*: same-origin, JSON, and the session's CSRF token on
// every write (set once signed in).
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

let csrfToken = "";
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = csrfToken;
  }
  const response = await fetch(`/console/api/${path}`, { method, headers, credentials: "same-origin", body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as T;
}

/** A call whose refusal carries a body the page shows (the builder's 400 with each field's problem). */
export async function apiAnswer<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = csrfToken;
  }
  const response = await fetch(`/console/api/${path}`, { method, headers, credentials: "same-origin", body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

export function setCsrfToken(token: string) {
  csrfToken = token;
}
