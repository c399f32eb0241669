// The builder pages' calls to /console/api/builder/* (issue 25, part B): same-origin, the session
// cookie, and on writes the session's CSRF token (read once from /console/api/me). A refusal
// keeps the server's message and, for documents, every field at fault by its path.
export interface FieldIssue {
  path: string;
  message: string;
}

export class BuilderApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

let csrf: Promise<string> | undefined;
const csrfToken = () =>
  (csrf ??= fetch("/console/api/me", { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new BuilderApiError(response.status, `HTTP ${response.status}`);
      return ((await response.json()) as { csrfToken: string }).csrfToken;
    })
    .catch((error: unknown) => {
      csrf = undefined;
      throw error;
    }));

/** `body` as JSON, or a string sent as it is with `contentType`. */
export async function builderApi<T>(path: string, init: { method?: string; body?: unknown; contentType?: string; headers?: Record<string, string> } = {}, retried = false): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
  let body: string | undefined;
  if (method !== "GET") {
    headers["X-CSRF-Token"] = await csrfToken();
    headers["Content-Type"] = init.contentType ?? "application/json";
    body = typeof init.body === "string" && init.contentType ? init.body : JSON.stringify(init.body ?? {});
  }
  const response = await fetch(`/console/api/builder/${path}`, { method, headers, credentials: "same-origin", body });
  const answer = (await response.json().catch(() => ({}))) as { message?: string; issues?: FieldIssue[] };
  // Signed in again in this tab (another session): read the new session's token once.
  if (response.status === 403 && method !== "GET" && !retried && /X-CSRF-Token/.test(answer.message ?? "")) {
    csrf = undefined;
    return builderApi<T>(path, init, true);
  }
  if (!response.ok) throw new BuilderApiError(response.status, answer.message ?? `HTTP ${response.status}`, answer.issues ?? []);
  return answer as T;
}
