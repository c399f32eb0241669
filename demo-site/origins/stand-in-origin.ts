// A stand-in for a third-party origin (measuring tool, card vault, CRM payment frame). Each
// runs on its own port so the widget's postMessage bridge is exercised across real origins.
import { Hono } from "hono";
import { renderStandInPage, type StandIn } from "../pages/stand-in-page.ts";

export function createStandInOrigin(standIn: StandIn): Hono {
  const app = new Hono();
  app.get("/", (c) => c.html(renderStandInPage(standIn).toString()));
  app.get("/healthz", (c) => c.json({ ok: true, origin: standIn.role }));
  return app;
}
