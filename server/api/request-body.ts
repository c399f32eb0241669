// Reading a POST body: JSON, validated with the endpoint's schema from src/api/. A body that
// is not JSON or fails validation gets 400 naming the field, before any route touches the
// store, so a bad request never leaves half a record behind.
import type { Context } from "hono";
import * as v from "valibot";
import { IdempotencyKeySchema } from "../../src/contract/payment-status.ts";
import { apiError } from "./api-error.ts";

export type BodyResult<T> = { ok: true; body: T } | { ok: false; response: Response };

export async function readBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<BodyResult<v.InferOutput<S>>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return { ok: false, response: apiError(c, 400, "Malformed JSON body") };
  }
  const result = v.safeParse(schema, raw);
  if (result.success) return { ok: true, body: result.output };
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  return { ok: false, response: apiError(c, 400, field ? `Invalid ${field}: ${issue.message}` : `Invalid body: ${issue.message}`) };
}

export type QueryResult<T> = { ok: true; query: T } | { ok: false; response: Response };

/** A GET's query through its schema: 400 naming the first bad parameter, like a bad body. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): QueryResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, c.req.query());
  if (result.success) return { ok: true, query: result.output };
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  return { ok: false, response: apiError(c, 400, field ? `Invalid ${field}: ${issue.message}` : `Invalid query: ${issue.message}`) };
}

/**
 * Answers with `answer` as the response schema outputs it (unknown keys dropped). A
 * mismatch throws, and the origin's error handler answers 500: better than a response
 * the widget would reject.
 */
export type KeyResult = { ok: true; key: string | null } | { ok: false; response: Response };

/**
 * An optional `Idempotency-Key` header (the widget's outbox sends one per lead and keeps it
 * across retries): null when absent, a 400 when malformed.
 */
export function readIdempotencyKey(c: Context): KeyResult {
  const header = c.req.header("Idempotency-Key");
  if (header === undefined) return { ok: true, key: null };
  const key = v.safeParse(IdempotencyKeySchema, header);
  return key.success ? { ok: true, key: key.output } : { ok: false, response: apiError(c, 400, `Invalid Idempotency-Key header: ${key.issues[0].message}`) };
}

export function sendParsed<S extends v.GenericSchema>(c: Context, schema: S, answer: v.InferInput<S>): Response {
  return c.json(v.parse(schema, answer) as object);
}

/** Preview and onboarding visits mark every call (docs/api.md "Test traffic"). */
export function isTestTraffic(c: Context): boolean {
  return c.req.query("preview") === "true" || c.req.query("onboarding") === "true";
}
