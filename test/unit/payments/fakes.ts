// Test doubles for the payment layer: an API whose answers a test scripts (through ky's own
// `fetch` option, so the real client code runs), a payment backend that keeps answers by
// Idempotency-Key like the reference one, and an adapter whose validity and tokens a test sets.
import ky from "ky";
import type { ApiClient } from "../../../src/api/client.ts";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { createStatusHolder, type AdapterStatus, type CardField, type PaymentAdapter, type TokenizeResult } from "../../../src/payments/payment-adapter.ts";
import { block, line, settings } from "../pricing/pricing-fixtures.ts";
import { priceQuote } from "../../../src/pricing/price-quote.ts";
import type { PricedQuote } from "../../../src/pricing/types.ts";

export interface SeenRequest {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

export type Route = (request: SeenRequest) => Response | Promise<Response>;

export const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

/** A request that never answers (ky's timeout gives up on it). */
export const hang = () => new Promise<Response>(() => {});

/** The connection drops: fetch rejects the way browsers do. */
export const drop = () => Promise.reject(new TypeError("Failed to fetch"));

export function createFakeApi(route: Route): { api: ApiClient; requests: SeenRequest[]; posts: () => SeenRequest[] } {
  const requests: SeenRequest[] = [];
  const api = ky.create({
    prefixUrl: "http://api.test",
    retry: 0,
    timeout: 2000,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = await request.text();
      const seen: SeenRequest = {
        method: request.method,
        path: new URL(request.url).pathname,
        key: request.headers.get("Idempotency-Key"),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(seen);
      return route(seen);
    },
  });
  return { api, requests, posts: () => requests.filter((r) => r.method === "POST") };
}

/**
 * A payment backend like the reference one: the first request with a key is charged (or
 * declined by token), a repeated key gets the first answer, status answers by key. `before`
 * lets a test break a request after the backend has handled it (timeout, drop).
 */
export function createFakeBackend() {
  const byKey = new Map<string, unknown>();
  let charges = 0;
  let transactions = 0;
  const handle = (request: SeenRequest): unknown => {
    const key = request.key ?? "";
    const known = byKey.get(key);
    if (known) return known;
    const body = request.body as PaymentBody;
    const token = body.paymentInfo.token ?? "";
    const answer = token.includes("declined")
      ? { error: "Your card was declined.", code: "card_declined" }
      : { status: "succeeded", transactionId: `txn_${++transactions}`, amount: body.amount, currency: body.currency };
    if ("status" in answer) charges++;
    byKey.set(key, answer);
    return answer;
  };
  const status = (request: SeenRequest) => {
    const key = decodeURIComponent(request.path.split("/").pop() ?? "");
    const known = byKey.get(key) as { status?: string; error?: string } | undefined;
    if (!known) return { status: "not-found" };
    return known.error ? { status: "failed", error: known.error } : known;
  };
  return {
    charges: () => charges,
    handle,
    status,
    /** A route answering payments and status normally. */
    route: ((request) => (request.method === "GET" ? json(status(request)) : json(handle(request)))) as Route,
  };
}

export interface FakeAdapter extends PaymentAdapter {
  setStatus(patch: Partial<AdapterStatus>): void;
  /** The next tokenize results, in order (the last one repeats). */
  results: TokenizeResult[];
  tokenizeCalls: number;
  mounted: boolean;
}

export function createFakeAdapter(options: { kind?: PaymentAdapter["kind"]; paymentMethod?: PaymentAdapter["paymentMethod"]; fields?: CardField[] } = {}): FakeAdapter {
  const status = createStatusHolder();
  const adapter: FakeAdapter = {
    kind: options.kind ?? "stripe",
    paymentMethod: options.paymentMethod ?? "stripe",
    fields: options.fields ?? [{ id: "number", label: "Card number", kind: "provider" }],
    results: [{ ok: true, token: "tok_visa", expiry: { month: 1, year: 2029 } }],
    tokenizeCalls: 0,
    mounted: false,
    async mount() {
      adapter.mounted = true;
    },
    status: status.get,
    onStatus: status.subscribe,
    async tokenize() {
      adapter.tokenizeCalls++;
      const result = adapter.results.length > 1 ? adapter.results.shift()! : adapter.results[0]!;
      return result;
    },
    unmount() {
      adapter.mounted = false;
    },
    setStatus: (patch) => status.set(patch),
  };
  return adapter;
}

/** One selected service: 6 applications of $50.00 at 7.5 % tax. GET STARTED TODAY: $53.75. */
export function sampleQuote(extra: { term?: "application" | "total"; price?: number } = {}): PricedQuote {
  return priceQuote(
    [block(Array.from({ length: 6 }, () => line(extra.price ?? 50)), { prePayDiscount: 10 })],
    settings({ taxPercent: 7.5, term: extra.term ?? "application" }),
  );
}

/** Lets every pending promise callback run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
