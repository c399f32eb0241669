// What a server for the demo and its tests may add to the API: hooks the demo passes in
// (demo-site/demo-hooks.ts: postal code 00000's simulated failure, the drop-after-charge test
// card, GET /demo-api/payment-log). The production entry never sets them.
import type { Context, Hono } from "hono";

export interface TestHooks {
  /** Middleware and routes installed before the API's own (after CORS and the body limits). */
  install?: (app: Hono) => void;
  /** After the test processor charged: the test card's outcome; a Response returned replaces the answer. */
  afterCharge?: (c: Context, outcome: string) => Response | undefined;
}
