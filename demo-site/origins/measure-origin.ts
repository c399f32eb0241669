// The measure origin: the stand-in for a third-party measuring tool (SPEC §2 measuring-tool
// modal), and the stand-in of Mapbox's satellite tiles that our own tool draws on. The widget opens `/?address=…&mode=area|perimeter&units=imperial|metric&parent={origin}`
// in an iframe; the page posts `measurit:result` or `measurit:cancel` (src/contract/measure-messages.ts)
// to `parent` only. The page script is TypeScript bundled by esbuild on first request.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Hono } from "hono";
import { addTileStandIn } from "../imagery/tile-stand-in.ts";
import { MEASURE_PAGE_CSP, renderMeasurePage } from "../measure/measure-page.ts";

const SCRIPT_ENTRY = fileURLToPath(new URL("../measure/measure-tool.ts", import.meta.url));
const STYLESHEET = fileURLToPath(new URL("../measure/measure-tool.css", import.meta.url));

async function bundleScript(): Promise<string> {
  const result = await build({
    entryPoints: [SCRIPT_ENTRY],
    bundle: true,
    write: false,
    format: "iife",
    target: ["es2020"],
    minify: true,
    legalComments: "none",
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error("esbuild produced no measure-tool.js");
  return output.text;
}

export function createMeasureOrigin(): Hono {
  const app = new Hono();
  // Built once per process; a failed build is retried on the next request.
  let script: Promise<string> | undefined;
  const loadScript = () => {
    script ??= bundleScript().catch((error: unknown) => {
      script = undefined;
      throw error;
    });
    return script;
  };

  app.get("/", (c) =>
    c.html(renderMeasurePage({ address: (c.req.query("address") ?? "").trim().slice(0, 300) }).toString(), 200, {
      "Content-Security-Policy": MEASURE_PAGE_CSP,
      "Cache-Control": "no-store",
    }),
  );
  app.get("/measure-tool.js", async (c) =>
    c.body(await loadScript(), 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" }),
  );
  app.get("/measure-tool.css", async (c) =>
    c.body(await readFile(STYLESHEET, "utf8"), 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" }),
  );
  // The stand-in of Mapbox's Raster Tiles API, for our own measuring tool (/measure/ on the widget origin).
  addTileStandIn(app);
  app.get("/healthz", (c) => c.json({ ok: true, origin: "measure" }));
  app.onError((error, c) => {
    console.error(`[measure] ${c.req.method} ${c.req.path} failed:`, error);
    return c.text("measuring tool failed", 500);
  });
  return app;
}
