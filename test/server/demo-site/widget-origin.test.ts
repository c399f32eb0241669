// The widget origin beside its API: the hosted page of SPEC §2 'Route', the built files,
// the demo companies' assets and the health route.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { openStores } from "../../../server/db/stores.ts";
import { createWidgetOrigin } from "../../../server/widget-origin.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

describe("the hosted page", () => {
  for (const path of ["/", "/index.html", "/greenway-lawn/lawn", "/thames-lawns/garden?preview=true&customerName=Ann%20Lee"]) {
    test(`${path} loads the bundle and an inline element that names no company or bot`, async () => {
      const page = await httpRequest(`${site.urls.widget}${path}`);
      assert.equal(page.status, 200, "a redirect would lose or rewrite the query string");
      assert.match(page.headers["content-type"] ?? "", /^text\/html/);
      assert.ok(page.body.includes('<quote-assistant mode="inline"></quote-assistant>'), page.body);
      assert.ok(page.body.includes('<script async src="/dist/quote-assistant.js"></script>'));
      assert.match(page.body, /<html lang="en">/);
      assert.match(page.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    });
  }

  test("is titled with the company's name when the path names a known pair", async () => {
    const page = await httpRequest(`${site.urls.widget}/alpen-rasen/rasen`);
    assert.match(page.body, /<title>Alpen Rasen GmbH: instant quote<\/title>/);
  });

  test("is still served for an unknown pair, so the widget can show its own error", async () => {
    const page = await httpRequest(`${site.urls.widget}/nobody/nothing`);
    assert.equal(page.status, 200);
    assert.match(page.body, /<title>Instant quote<\/title>/);
  });
});

describe("demo assets and health", () => {
  test("every company logo is an SVG on the widget origin", async () => {
    for (const company of ["demo-company", "greenway-lawn", "bugbusters-pest", "thames-lawns", "alpen-rasen"]) {
      const logo = await httpRequest(`${site.urls.widget}/demo-assets/logos/${company}.svg`);
      assert.equal(logo.status, 200, company);
      assert.equal(logo.headers["content-type"], "image/svg+xml");
      assert.equal(logo.headers["access-control-allow-origin"], "*");
      assert.match(logo.body, /^<svg /);
    }
  });

  test("an asset path that climbs out of the asset folder is not served", async () => {
    const response = await httpRequest(`${site.urls.widget}/demo-assets/..%2f..%2fpackage.json`);
    assert.equal(response.status, 404);
  });

  test("/healthz answers JSON naming the origin and the companies loaded", async () => {
    const { status, json } = await getJson(`${site.urls.widget}/healthz`);
    assert.equal(status, 200);
    assert.equal((json as { ok: boolean }).ok, true);
    assert.equal((json as { origin: string }).origin, "widget");
    assert.equal((json as { companies: number }).companies, 5);
  });
});

describe("built files under /dist/", () => {
  const cleanups: (() => void)[] = [];
  after(() => cleanups.forEach((cleanup) => cleanup()));

  /** A widget origin over a throw-away dist folder (none when `files` is undefined), so these tests need no build. */
  async function widgetOriginWithDist(files: Record<string, string | Buffer> | undefined, then?: (distDir: string) => void) {
    const root = mkdtempSync(join(tmpdir(), "demo-dist-"));
    const distDir = join(root, "dist");
    if (files) {
      mkdirSync(distDir);
      for (const [name, content] of Object.entries(files)) writeFileSync(join(distDir, name), content);
      then?.(distDir);
    }
    const db = await openStores(":memory:");
    cleanups.push(() => {
      void db.close();
      rmSync(root, { recursive: true, force: true });
    });
    return createWidgetOrigin({
      store: db.companies,
      customers: db.customers,
      quotes: db.quotes,
      quoteTokens: db.quoteTokens,
      rateLimits: db.rateLimits,
      transaction: db.transaction,
      distDir,
      assetsDir: root,
      findCompanyName: () => Promise.resolve(undefined),
    });
  }

  test("a missing build answers 503 telling to run npm run build", async () => {
    const response = await (await widgetOriginWithDist(undefined)).request("/dist/loader.js");
    assert.equal(response.status, 503);
    assert.match(await response.text(), /npm run build/);
  });

  test("a build output missing from dist answers 503 too", async () => {
    const response = await (await widgetOriginWithDist({ "quote-assistant.js": "" })).request("/dist/loader.js");
    assert.equal(response.status, 503);
  });

  test("are served with their content type, five-minute public caching and CORS", async () => {
    const app = await widgetOriginWithDist({
      "loader.js": "/*loader*/",
      "quote-assistant.js": "/*bundle*/",
      "quote-assistant.js.map": "{}",
    });
    const expected = {
      "loader.js": "text/javascript; charset=utf-8",
      "quote-assistant.js": "text/javascript; charset=utf-8",
      "quote-assistant.js.map": "application/json; charset=utf-8",
    };
    for (const [name, type] of Object.entries(expected)) {
      const response = await app.request(`/dist/${name}`);
      assert.equal(response.status, 200, name);
      assert.equal(response.headers.get("content-type"), type, name);
      assert.equal(response.headers.get("cache-control"), "public, max-age=300", name);
      assert.equal(response.headers.get("access-control-allow-origin"), "*", name);
    }
    assert.equal(await (await app.request("/dist/loader.js")).text(), "/*loader*/");
  });

  test("are sent compressed to a browser that accepts it (brotli, else gzip), as written to one that does not, with Vary", async () => {
    const bundle = `/*bundle*/ ${"console.log('a widget');\n".repeat(200)}`;
    // As build.mjs writes them: the file, then its brotli and gzip copies.
    const app = await widgetOriginWithDist({ "quote-assistant.js": bundle, "quote-assistant.js.br": brotliCompressSync(bundle), "quote-assistant.js.gz": gzipSync(bundle) });
    // [Accept-Encoding, the Content-Encoding sent]
    const rows: Array<[string | null, string | null]> = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      [null, null],
      ["identity", null],
      ["br;q=0, gzip", "gzip"],
      ["br;q=0, gzip;q=0", null],
      ["*", "br"],
      ["x-gzip", "gzip"],
      ["BR;q=0.5", "br"],
    ];
    for (const [accept, expected] of rows) {
      const response = await app.request("/dist/quote-assistant.js", { headers: accept === null ? {} : { "Accept-Encoding": accept } });
      assert.equal(response.status, 200, String(accept));
      assert.equal(response.headers.get("content-encoding"), expected, String(accept));
      assert.equal(response.headers.get("vary"), "Accept-Encoding", String(accept));
      assert.equal(response.headers.get("content-type"), "text/javascript; charset=utf-8", String(accept));
      const body = Buffer.from(await response.arrayBuffer());
      const plain = expected === "br" ? brotliDecompressSync(body) : expected === "gzip" ? gunzipSync(body) : body;
      assert.equal(plain.toString("utf8"), bundle, String(accept));
      if (expected) assert.ok(body.length < bundle.length / 4, `${accept}: ${body.length} B sent for ${bundle.length} B`);
    }
  });

  test("a compressed copy older than its file is not sent, and none is a file of its own", async () => {
    const loader = "/*loader, rebuilt*/";
    // The brotli copy is from an earlier build (an hour older); the gzip one is as new as the file.
    const app = await widgetOriginWithDist({ "loader.js": loader, "loader.js.br": brotliCompressSync("/*loader, before*/"), "loader.js.gz": gzipSync(loader) }, (distDir) => {
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(join(distDir, "loader.js.br"), hourAgo, hourAgo);
    });
    const response = await app.request("/dist/loader.js", { headers: { "Accept-Encoding": "br, gzip" } });
    assert.equal(response.headers.get("content-encoding"), "gzip");
    assert.equal(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8"), loader);
    const brotliOnly = await app.request("/dist/loader.js", { headers: { "Accept-Encoding": "br" } });
    assert.equal(brotliOnly.headers.get("content-encoding"), null);
    assert.equal(await brotliOnly.text(), loader);
    assert.equal((await app.request("/dist/loader.js.br")).status, 404);
    assert.equal((await app.request("/dist/loader.js.gz")).status, 404);
  });

  test("a file the build does not make is a 404", async () => {
    const response = await (await widgetOriginWithDist({ "loader.js": "" })).request("/dist/other.js");
    assert.equal(response.status, 404);
  });
});
