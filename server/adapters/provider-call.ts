// One call to a third party (issue 28): bounded by a timeout well inside the widget's own
// request timeout (15 s, src/api/client.ts), so a slow provider never holds the chat; its
// failures sorted into what an operator acts on (a refused key, the quota, the provider's own
// trouble) and logged without the key, the query or the visitor's address. Over node:http(s)
// rather than the global fetch, which a test's DOM environment replaces with a browser's.
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Logger } from "../production/logger.ts";

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

function send(url: URL, init: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, {
      method: init.method ?? "GET",
      headers: { ...init.headers, ...(init.body !== undefined ? { "Content-Length": String(Buffer.byteLength(init.body)) } : {}) },
    });
    const timer = setTimeout(() => request.destroy(new CallFailed("timeout")), timeoutMs);
    const done = () => clearTimeout(timer);
    request.on("error", (error) => {
      done();
      reject(error instanceof CallFailed ? error : new CallFailed("unavailable"));
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) request.destroy(new CallFailed("bad-answer"));
        else chunks.push(chunk);
      });
      response.on("end", () => {
        done();
        resolve({ status: response.statusCode ?? 0, contentType: contentTypeOf(response.headers), body: Buffer.concat(chunks) });
      });
      response.on("error", () => {
        done();
        reject(new CallFailed("unavailable"));
      });
    });
    request.end(init.body);
  });
}

const contentTypeOf = (headers: IncomingHttpHeaders) => (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

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
    answer = await send(new URL(url), init, options.timeoutMs);
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
