// The host origin: a company's own website, embedding the widget from the widget origin
// the way a company would. ?company=&bot= picks the company (default greenway-lawn/lawn).
import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { renderBlankPage, renderCopiesPage, renderLandingPage, renderTagManagerPage, type CompanyLink, type Embed, type HostCompany } from "../pages/host-pages.ts";
import { readStaticFile } from "../../server/static-files.ts";
import { companyNamedBy } from "../../server/resume/resume-token.ts";

const DEFAULT_HOST_COMPANY = { companyId: "greenway-lawn", botId: "lawn" } as const;

export interface HostDirectory {
  /** The company's site details; without a bot id, its first bot. */
  findCompany(companyId: string, botId: string | undefined): Promise<HostCompany | undefined>;
  listCompanies(): Promise<CompanyLink[]>;
}

export interface HostOriginOptions {
  directory: HostDirectory;
  /** Where site.css and reset.css live. */
  staticDir: string;
  origins: { widget: string; measure: string; vault: string; crm: string };
}

/** The strictest policy a careful company might set: no inline code or style anywhere. */
export function strictContentSecurityPolicy(origins: HostOriginOptions["origins"]): string {
  return [
    "default-src 'none'",
    // The card vault and the Stripe.js stand-in load their scripts from the vault origin.
    `script-src ${origins.widget} ${origins.vault}`,
    `connect-src ${origins.widget}`,
    `img-src ${origins.widget} data:`,
    "style-src 'self'",
    // The widget's origin serves our measuring tool (/measure/); the measure origin a third party's stand-in.
    `frame-src ${origins.widget} ${origins.measure} ${origins.vault} ${origins.crm}`,
    "base-uri 'none'",
  ].join("; ");
}

/**
 * A nonce-based policy as Google's strict CSP recommends, which also requires Trusted Types and
 * allows only the widget's policy: every script the widget adds must carry the page's nonce
 * (or, with 'strict-dynamic', be added by a script that did) and take its URL from the
 * `quote-assistant` policy. Nothing else is restricted here: /csp.html covers the origins.
 */
export function nonceContentSecurityPolicy(nonce: string, { strictDynamic }: { strictDynamic: boolean }): string {
  return [
    `script-src 'nonce-${nonce}'${strictDynamic ? " 'strict-dynamic'" : ""}`,
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types quote-assistant",
  ].join("; ");
}

export function createHostOrigin(options: HostOriginOptions): Hono {
  const { directory, origins } = options;
  const app = new Hono();

  /**
   * The company the query names, else the one a resume link (`?qa_resume=`, issue 14 §5) is for:
   * every demo company shares this one site, where a real company's link opens its own. An
   * unknown one still gets a page: the widget shows its error.
   */
  async function companyFor(c: Context): Promise<HostCompany> {
    const companyId = c.req.query("company") || companyNamedBy(c.req.query("qa_resume")) || DEFAULT_HOST_COMPANY.companyId;
    const botId = c.req.query("bot") || undefined;
    return (
      (await directory.findCompany(companyId, botId)) ?? {
        companyId,
        botId: botId ?? DEFAULT_HOST_COMPANY.botId,
        name: "Your Lawn Company",
        zipCodes: [null],
        botType: "other",
      }
    );
  }

  async function landingPage(c: Context, embed: Embed, stylesheets: string[] = [], nonce?: string): Promise<string> {
    const search = new URL(c.req.url).search;
    const lang = c.req.query("lang");
    return renderLandingPage({
      company: await companyFor(c),
      widgetOrigin: origins.widget,
      embed,
      search,
      stylesheets,
      companies: await directory.listCompanies(),
      ...(nonce ? { nonce } : {}),
      // A language tag only ("es", "es-MX"): the page writes it into an attribute.
      ...(lang && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang) ? { lang } : {}),
    }).toString();
  }

  /** A fresh nonce for every response: a nonce that repeats is no nonce. */
  const noncePage = (strictDynamic: boolean) => async (c: Context) => {
    const nonce = randomBytes(16).toString("base64");
    return c.html(await landingPage(c, "loader", [], nonce), 200, {
      "Content-Security-Policy": nonceContentSecurityPolicy(nonce, { strictDynamic }),
      "Cache-Control": "no-store",
    });
  };

  app.get("/", async (c) => c.html(await landingPage(c, "loader")));
  app.get("/inline.html", async (c) => c.html(await landingPage(c, "inline")));
  app.get("/reset.html", async (c) => c.html(await landingPage(c, "loader", ["/reset.css"])));
  app.get("/themed.html", async (c) => c.html(await landingPage(c, "loader", ["/agency-theme.css"])));
  app.get("/csp.html", async (c) =>
    c.html(await landingPage(c, "loader"), 200, { "Content-Security-Policy": strictContentSecurityPolicy(origins) }),
  );
  app.get("/copies.html", async (c) => {
    const count = (name: string, fallback: number) => Math.min(5, Math.max(0, Number(c.req.query(name) ?? fallback) || 0));
    const page = renderCopiesPage({
      company: await companyFor(c),
      widgetOrigin: origins.widget,
      loaders: count("loaders", 3),
      bundles: count("bundles", 2),
      bundleFirst: c.req.query("order") === "bundle-first",
    });
    return c.html(page.toString());
  });
  app.get("/csp-strict.html", noncePage(true));
  app.get("/csp-nonce.html", noncePage(false));
  app.get("/blank.html", async (c) =>
    c.html(renderBlankPage({ company: await companyFor(c), widgetOrigin: origins.widget }).toString()),
  );

  app.get("/tag-manager.html", async (c) =>
    c.html(renderTagManagerPage({ company: await companyFor(c), widgetOrigin: origins.widget }).toString()),
  );

  for (const name of ["site.css", "reset.css", "agency-theme.css", "tag-manager.js"]) {
    app.get(`/${name}`, async (c) => {
      const file = await readStaticFile(options.staticDir, name);
      if (!file) return c.text("not found", 404);
      return c.body(new Uint8Array(file.body), 200, { "Content-Type": file.contentType, "Cache-Control": "no-cache" });
    });
  }

  app.get("/healthz", async (c) => c.json({ ok: true, origin: "host" }));
  return app;
}
