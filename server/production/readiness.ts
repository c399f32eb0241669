// GET /readyz's answer. The check itself is the data layer's (demo-site/db/database.ts
// checkReady: the database answers and every migration is applied).
export type Readiness = { ok: true } | { ok: false; reason: string };
