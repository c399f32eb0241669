// One log line per request: method, path (without the query string, which can carry a phone
// number or an address), status, duration and a request id (the caller's X-Request-Id when it
// is a plain token, else a new one; echoed in the answer). Nothing else of the request.
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "./logger.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const offered = c.req.header("X-Request-Id");
    const requestId = offered !== undefined && REQUEST_ID.test(offered) ? offered : randomUUID();
    c.header("X-Request-Id", requestId);
    try {
      await next();
    } finally {
      const status = c.res.status;
      logger.log(status >= 500 ? "error" : "info", "request", {
        method: c.req.method,
        path: c.req.path,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        requestId,
      });
    }
  };
}
