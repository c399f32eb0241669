// The console routes' environment and dependencies, which console-routes.ts and the route files
// it registers (bot-routes.ts, lead-routes.ts) share: here so that none of them imports another
// for a type.
import type { CompanyStore } from "../db/company-store.ts";
import type { DocumentStore } from "../db/document-store.ts";
import type { RunInTransaction, Stores } from "../db/stores.ts";
import type { UrlRules } from "../../src/config/safe-url.ts";
import type { ConsoleSession } from "./staff-store.ts";

export interface ConsoleRoutesDeps {
  stores: Pick<Stores, "staff" | "console" | "quotes" | "resume" | "outbox" | "taxRates" | "botDrafts" | "builder" | "followUps">;
  companies: CompanyStore;
  transaction: RunInTransaction;
  /** dist/ (console.js and console.css). */
  distDir: string;
  /** This origin as staff reach it: links in mails, the Origin check, Secure cookies when https. Default: the request's origin. */
  publicOrigin?: string;
  /** Resume links in the inbox (the quote routes' secret and sites); without it, none. */
  resumeLinks?: { secret: () => Promise<string>; sites: readonly string[] };
  now?: () => Date;
  /** The builder (bot-routes.ts): the versioned documents and the URL rules of the admin API; without it, not served. */
  builder?: { documents: DocumentStore; urlRules: UrlRules; configurationErrors?: (configJson: string) => string[]; fetch?: typeof fetch };
  /** A sign-in link was written to the outbox and committed: the worker's sign-in lane sends it now, not at its next poll. */
  signInQueued?: () => void;
}

export type ConsoleEnv = { Variables: { session: ConsoleSession } };
