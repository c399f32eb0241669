// One call to a third party (issue 28): bounded by a timeout well inside the widget's own
// request timeout (15 s, src/api/client.ts), so a slow provider never holds the chat; its
// failures sorted into what an operator acts on (a refused key, the quota, the provider's own
// trouble) and logged without the key, the query or the visitor's address.
import type { Logger } from "../production/logger.ts";

/** Each provider call gives up after this long by default; a request may make up to three in a row. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 4000;

export type ProviderFailure = "refused" | "quota" | "unavailable" | "timeout" | "bad-answer";

export type ProviderResult = { ok: true; response: Response } | { ok: false; failure: ProviderFailure; status?: number };

export interface ProviderCallOptions {
  /** "google-places", "regrid"… for the log. */
  provider: string;
  /** What was asked, for the log: "autocomplete", "parcel at point". */
  call: string;
  timeoutMs: number;
  logger?: Logger;
  /** The fetch to use (tests); default: global fetch. */
  fetch?: typeof fetch;
}

/** 2xx and 404 come back to the caller (a 404 is the provider's 'nothing here'); the rest are failures, logged. */
export async function callProvider(url: string, init: RequestInit, options: ProviderCallOptions): Promise<ProviderResult> {
  const doFetch = options.fetch ?? fetch;
  const fail = (failure: ProviderFailure, status?: number): ProviderResult => {
    const level = failure === "refused" ? "error" : "warn";
    options.logger?.log(level, `provider call failed: ${failure}`, { provider: options.provider, call: options.call, ...(status ? { status } : {}) });
    return { ok: false, failure, ...(status ? { status } : {}) };
  };
  let response: Response;
  try {
    response = await doFetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    return fail(name === "TimeoutError" || name === "AbortError" ? "timeout" : "unavailable");
  }
  if (response.ok || response.status === 404) return { ok: true, response };
  // The body is not needed; reading it frees the connection.
  await response.body?.cancel().catch(() => {});
  if (response.status === 401 || response.status === 403) return fail("refused", response.status);
  if (response.status === 429) return fail("quota", response.status);
  return fail(response.status >= 500 ? "unavailable" : "bad-answer", response.status);
}

/** The body as JSON, or undefined when it is not JSON (logged as a bad answer). Bounded by the same timeout as the call. */
export async function readJson(response: Response, options: ProviderCallOptions): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    options.logger?.log("warn", "provider call failed: bad-answer", { provider: options.provider, call: options.call, status: response.status });
    return undefined;
  }
}
