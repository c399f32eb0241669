// One call to a third party (issue 28): bounded by a timeout well inside the widget's own
// request timeout (15 s, src/api/client.ts), so a slow provider never holds the chat; its
// failures sorted into what an operator acts on (a refused key, the quota, the provider's own
// trouble) and logged without the key, the query or the visitor's address. Over `fetch` with
// AbortSignal.timeout; the fetch is injectable (ProviderCallOptions.fetch), so the in-process
// demo site (demo-site/server.ts createDemoSite) and the tests route calls to Hono apps.
import type { Logger } from "../production/logger.ts";

/** What a provider call sends with: the global fetch, or an in-process router (tests, the in-process demo site). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Each provider call gives up after this long by default; a request may make up to three in a row. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 4000;
/** No provider answer this server reads is larger (a picture is about 100 KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export type ProviderFailure = "refused" | "quota" | "unavailable" | "timeout" | "bad-answer";

export interface ProviderAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** A failure that got an answer carries its body: some providers say why there (Twilio's error `code`). */
export type ProviderResult = ({ ok: true } & ProviderAnswer) | { ok: false; failure: ProviderFailure; status?: number; body?: Buffer };

export interface ProviderCallOptions {
  /** "google-places", "regrid"… for the log. */
  provider: string;
  /** What was asked, for the log: "autocomplete", "parcel at point". */
  call: string;
  timeoutMs: number;
  logger?: Logger;
  /** Default: the global fetch, looked up at call time. */
  fetch?: Fetch;
}

export interface ProviderRequest {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

class CallFailed extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(failure);
  }
}

async function send(url: URL, init: ProviderRequest, timeoutMs: number, send: Fetch): Promise<ProviderAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await send(url, { method: init.method ?? "GET", ...(init.headers ? { headers: init.headers } : {}), ...(init.body !== undefined ? { body: init.body } : {}), redirect: "manual", signal });
  } catch {
    throw new CallFailed(signal.aborted ? "timeout" : "unavailable");
  }
  // The body read in chunks, so an answer larger than any this server reads is cut off early.
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = response.body?.getReader();
    for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new CallFailed("bad-answer");
      }
      chunks.push(read.value);
    }
  } catch (error) {
    throw error instanceof CallFailed ? error : new CallFailed(signal.aborted ? "timeout" : "unavailable");
  }
  return { status: response.status, contentType: contentTypeOf(response.headers.get("content-type")), body: Buffer.concat(chunks) };
}

const contentTypeOf = (header: string | null) => (header ?? "").split(";")[0]!.trim().toLowerCase();

/** 2xx and 404 come back to the caller (a 404 is the provider's 'nothing here'); the rest are failures, logged. */
export async function callProvider(url: string, init: ProviderRequest, options: ProviderCallOptions): Promise<ProviderResult> {
  const fail = (failure: ProviderFailure, status?: number, body?: Buffer): ProviderResult => {
    options.logger?.log(failure === "refused" ? "error" : "warn", `provider call failed: ${failure}`, {
      provider: options.provider,
      call: options.call,
      ...(status ? { status } : {}),
    });
    return { ok: false, failure, ...(status ? { status } : {}), ...(body ? { body } : {}) };
  };
  let answer: ProviderAnswer;
  try {
    answer = await send(new URL(url), init, options.timeoutMs, options.fetch ?? ((input, requestInit) => fetch(input, requestInit)));
  } catch (error) {
    return fail(error instanceof CallFailed ? error.failure : "unavailable");
  }
  if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return { ok: true, ...answer };
  if (answer.status === 401 || answer.status === 403) return fail("refused", answer.status, answer.body);
  if (answer.status === 429) return fail("quota", answer.status, answer.body);
  return fail(answer.status >= 500 ? "unavailable" : "bad-answer", answer.status, answer.body);
}

/** The body as JSON, or undefined when it is not JSON (logged as a bad answer). */
export function readJson(answer: ProviderAnswer, options: ProviderCallOptions): unknown {
  try {
    return JSON.parse(answer.body.toString("utf8"));
  } catch {
    options.logger?.log("warn", "provider call failed: bad-answer", { provider: options.provider, call: options.call, status: answer.status });
    return undefined;
  }
}
