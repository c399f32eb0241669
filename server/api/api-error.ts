// Every API error is JSON `{ "message": "..." }` (docs/api.md): the widget logs the
// message and maps the status to the behaviour of SPEC §8.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

export function apiError(c: Context, status: ContentfulStatusCode, message: string): Response {
  return c.json({ message }, status);
}
