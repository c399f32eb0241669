// Reading a request: the JSON body and the query, validated with the endpoint's schema from
// src/contract/. A body that is not JSON or fails validation gets 400 naming the field, before
// any route touches the store, so a bad request never leaves half a record behind.
//
// Routes declare what they read as middleware (issue 36), Hono's way: `jsonBody(Schema)` and
// `queryOf(Schema)` before the handler, which reads `c.req.valid("json")` / `c.req.valid("query")`
// typed from the schema. The query goes through hono/validator. The body does not: its "json"
// target reads nothing unless the Content-Type is JSON and answers a malformed body with its own
// exception, while this API has always read the body whatever its type and answered
// "Malformed JSON body"; jsonBody fills the same validated-data slot itself.
import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
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

/** What a route declaring `jsonBody(schema)` reads with `c.req.valid("json")`. */
type JsonInput<S extends v.GenericSchema> = { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } };

/**
 * Route middleware: the body as JSON through `schema`, or 400 ("Malformed JSON body", "Invalid
 * <field>: …"). Any Env, as Hono's own validator: it reads nothing of the app's variables.
 */
export function jsonBody<S extends v.GenericSchema>(schema: S): MiddlewareHandler<any, string, JsonInput<S>> {
  return async (c, next) => {
    const read = await readBody(c, schema);
    if (!read.ok) return read.response;
    c.req.addValidatedData("json", read.body as object);
    await next();
  };
}

/** Route middleware: the query through `schema` (hono/validator), or 400 naming the first bad parameter. */
export function queryOf<S extends v.GenericSchema>(schema: S) {
  return validator("query", (_value, c): v.InferOutput<S> | Response => {
    // c.req.query(): one value a name, as the routes always read it (the validator's value lists repeats).
    const read = readQuery(c, schema);
    return read.ok ? read.query : read.response;
  });
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
