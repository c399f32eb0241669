// The console's one client of /console/api/*: same-origin with the session's cookie, JSON, the
// session's CSRF token on every write (./csrf.ts), and every answer read through its schema from
// the contract (src/contract/console.ts, console-builder.ts), so a page gets what its types say
// or an ApiError, never a shape cast into place. A write refused for its token (the page was
// signed in again in another tab) reads the new session's token and is sent once more.
import ky from "ky";
import * as v from "valibot";
import { MeSchema } from "../../contract/console.ts";
import { RefusalSchema, type FieldIssue, type Problem } from "../../contract/console-builder.ts";
import { csrfToken, forgetCsrfToken } from "./csrf.ts";

export const CSRF_HEADER = "X-CSRF-Token";

/** A call that did not get the answer it asked for: its status (0: no answer), the server's message, each field at fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

export interface CallInit {
  method?: "GET" | "POST" | "PUT";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as it is, with its type (the tax table's CSV). */
  text?: { body: string; contentType: string; headers?: Record<string, string> };
  /** A write before there is a session (asking for a link, redeeming it): no CSRF token. */
  signedOut?: boolean;
}

export interface ClientOptions {
  /** Where /console/api/ is: the page's own origin. */
  prefixUrl: string;
  /** The browser's fetch; a test's in-process server. */
  fetch?: typeof fetch;
}

const kyFor = (options: ClientOptions) =>
  ky.create({
    prefixUrl: options.prefixUrl,
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    retry: 0,
    // The tax table's import of a whole country may take a while; the server bounds every call.
    timeout: false,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

let http: ReturnType<typeof kyFor> | undefined;
/** Points the client elsewhere (a test's in-process server); by default the page's own /console/api/. */
export function configureClient(options: ClientOptions): void {
  http = kyFor(options);
}
const client = () => (http ??= kyFor({ prefixUrl: new URL("/console/api/", location.href).href }));

const readToken = async (): Promise<string> => {
  const response = await client().get("me");
  if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}`);
  return v.parse(MeSchema, await response.json()).csrfToken;
};

/** The answer's status and its JSON (undefined when it has none). */
async function send(path: string, init: CallInit, retried = false): Promise<{ status: number; body: unknown }> {
  const method = init.method ?? (init.json === undefined && init.text === undefined ? "GET" : "POST");
  const headers: Record<string, string> = init.text ? { ...init.text.headers, "Content-Type": init.text.contentType } : {};
  if (method !== "GET" && !init.signedOut) headers[CSRF_HEADER] = await csrfToken(readToken);
  const sent = init.text ? { body: init.text.body } : method === "GET" ? {} : { json: init.json ?? {} };
  const response = await client()(path, { method, headers, ...sent }).catch((error: unknown) => {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 403 && method !== "GET" && !init.signedOut && !retried) {
    const refusal = v.safeParse(RefusalSchema, body);
    if (refusal.success && refusal.output.message?.includes(CSRF_HEADER)) {
      forgetCsrfToken();
      return send(path, init, true);
    }
  }
  return { status: response.status, body };
}

/** The refusal of a call, as an ApiError with the server's message and fields at fault. */
function refusal(status: number, body: unknown): ApiError {
  const read = v.safeParse(RefusalSchema, body);
  const said = read.success ? read.output : {};
  return new ApiError(status, said.message ?? `HTTP ${status}`, said.issues ?? [], said.problems ?? []);
}

/** The answer of a call that succeeded, read through `schema`; anything else throws an ApiError. */
export async function call<S extends v.GenericSchema>(schema: S, path: string, init: CallInit = {}): Promise<v.InferOutput<S>> {
  const { status, body } = await send(path, init);
  if (status < 200 || status >= 300) throw refusal(status, body);
  const read = v.safeParse(schema, body);
  if (!read.success) throw new ApiError(status, `The answer of ${path} is not what the console expects: ${v.summarize(read.issues)}`);
  return read.output;
}

/**
 * A call whose refusal (400, 403, 409) carries a body the page shows, read through the same
 * schema as a success (the Bot page's draft: the draft, or the problems that kept it back).
 */
export async function ask<S extends v.GenericSchema>(schema: S, path: string, init: CallInit = {}): Promise<{ status: number; body: v.InferOutput<S> }> {
  const { status, body } = await send(path, init);
  if (status >= 500) throw refusal(status, body);
  const read = v.safeParse(schema, body ?? {});
  if (!read.success) throw status >= 300 ? refusal(status, body) : new ApiError(status, `The answer of ${path} is not what the console expects: ${v.summarize(read.issues)}`);
  return { status, body: read.output };
}
