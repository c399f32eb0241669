// One ky instance per widget: base URL from the element (default: where the bundle came from),
// GETs retried, test traffic marked, no credentials (the API is public, CORS `*`).
// Host pages wrap fetch and JSON.stringify: bodies are written by our own serializer and every
// call reaches the page's fetch as (URL string, full init), the shape any wrapper understands.
import ky, { type KyInstance } from "ky";
import { toJsonText } from "../json/stringify-json.ts";

export interface ApiClientOptions {
  baseUrl: string;
  /** Preview and onboarding visits are test traffic: every call says so. */
  preview: boolean;
  onboarding: boolean;
  timeoutMs?: number;
}

export type ApiClient = KyInstance;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const searchParams: Record<string, string> = {};
  if (options.preview) searchParams.preview = "true";
  if (options.onboarding) searchParams.onboarding = "true";
  return ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ""),
    timeout: options.timeoutMs ?? 15_000,
    credentials: "omit",
    // Not 429: a rate-limited lookup is "not found" at once (docs/api.md), never a wait for Retry-After.
    retry: { limit: 2, methods: ["get"], statusCodes: [408, 500, 502, 503, 504] },
    searchParams,
    stringifyJson: toJsonText,
    fetch: fetchByUrl,
  });
}

/**
 * Calls the page's fetch with the URL as a string and everything else in init. ky hands over a
 * Request, and a wrapper as common as `(input, init) => f(input.url || input, init)` keeps only
 * its URL: a POST would go out as a GET without its body.
 */
export async function fetchByUrl(input: Request | string | URL, init: RequestInit = {}): Promise<Response> {
  if (!(input instanceof Request)) return globalThis.fetch(String(input), init);
  const method = input.method.toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD" && input.body !== null;
  const headers: Record<string, string> = {};
  input.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return globalThis.fetch(input.url, {
    method,
    headers,
    body: hasBody ? await input.clone().text() : undefined,
    signal: input.signal,
    credentials: input.credentials,
    cache: input.cache,
    redirect: input.redirect,
    referrerPolicy: input.referrerPolicy,
    mode: input.mode,
    keepalive: input.keepalive,
    integrity: input.integrity || undefined,
    ...init,
  });
}

/** Why a call failed, in words for the console (never shown raw to the visitor). */
export async function describeFailure(error: unknown): Promise<string> {
  if (error && typeof error === "object" && "response" in error) {
    const response = (error as { response: Response }).response;
    let detail = "";
    try {
      const body = (await response.clone().json()) as { message?: unknown };
      if (typeof body.message === "string") detail = `: ${body.message}`;
    } catch {
      // Not JSON: the status says enough.
    }
    return `HTTP ${response.status} from ${response.url}${detail}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
