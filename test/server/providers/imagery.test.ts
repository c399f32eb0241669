// Our measuring tool's server side (issue 33), in process: the imagery chosen from the
// environment (never a secret in the page), the configuration a measuring company gets (our
// tool unless it has its own), the tool's page (centred on the address, the provider's origin
// alone added to a strict CSP) and the demo's stand-in of Mapbox's tile API.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Hono } from "hono";
import { ProviderConfigError } from "../../../server/adapters/env-base-url.ts";
import { imageryFromEnv, mapboxImagery } from "../../../server/adapters/imagery.ts";
import { parseParentOrigin } from "../../../src/config/measurement.ts";
import { createMeasureRoutes, measureToolCsp, parsePosition } from "../../../server/measure/measure-routes.ts";
import { configForVisitors } from "../../../server/ports/config-needs.ts";
import { ADDRESS_SEARCH_OFF, type AddressSearchPort } from "../../../server/ports/address-search.ts";
import { IMAGERY_OFF } from "../../../server/ports/imagery.ts";
import { PROPERTY_DATA_OFF } from "../../../server/ports/property-data.ts";
import { SMS_OFF } from "../../../server/ports/sms.ts";
import { addTileStandIn, STAND_IN_TOKEN } from "../../../demo-site/imagery/tile-stand-in.ts";
import { plotOutlineAt } from "../../../demo-site/imagery/aerial-tiles.ts";
import { parcelOutline } from "../../../server/adapters/regrid.ts";

describe("imagery from the environment", () => {
  const cases: Array<{ env: Record<string, string>; name?: string; template?: string; error?: RegExp }> = [
    { env: {}, name: "off" },
    { env: { MAPBOX_ACCESS_TOKEN: "pk.abc" }, name: "mapbox", template: "https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=pk.abc" },
    { env: { MAPBOX_ACCESS_TOKEN: "pk.abc", MAPBOX_API_BASE: "http://localhost:9/" }, name: "mapbox", template: "http://localhost:9/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=pk.abc" },
    { env: { ARCGIS_API_KEY: "AAPK1" }, name: "esri", template: "https://ibasemaps-api.arcgis.com/arcgis/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}?token=AAPK1" },
    { env: { MEASURE_IMAGERY: "esri", ARCGIS_API_KEY: "k", MAPBOX_ACCESS_TOKEN: "pk.a", ARCGIS_TILES_BASE: "http://localhost:8/tile" }, name: "esri", template: "http://localhost:8/tile/{z}/{y}/{x}?token=k" },
    { env: { MAPBOX_ACCESS_TOKEN: "sk.secret" }, error: /secret token \(sk\.…\): the measuring tool's page would show it/ },
    { env: { MEASURE_IMAGERY: "mapbox" }, error: /needs MAPBOX_ACCESS_TOKEN/ },
    { env: { MEASURE_IMAGERY: "google", MAPBOX_ACCESS_TOKEN: "pk.a" }, error: /expected mapbox or esri/ },
    { env: { MAPBOX_ACCESS_TOKEN: "pk.a", MAPBOX_API_BASE: "ftp://x" }, error: /must be http\(s\)/ },
  ];
  for (const { env, name, template, error } of cases) {
    test(JSON.stringify(env), () => {
      if (error) {
        assert.throws(() => imageryFromEnv(env), (thrown: unknown) => thrown instanceof ProviderConfigError && error.test(thrown.message));
        return;
      }
      const imagery = imageryFromEnv(env);
      assert.equal(imagery.name, name);
      if (template) assert.equal(imagery.tileTemplate, template);
      if (imagery.live) assert.ok(imagery.attribution.length > 0, "the provider's attribution goes with its tiles");
    });
  }
});

describe("a measuring company's configuration, as visitors get it", () => {
  const OURS = "https://quotes.example.com/measure/";
  const cases: Array<[string, Record<string, unknown>, string | undefined, unknown]> = [
    ["measur-it without a tool gets ours", { sqftEstimateSource: "measur-it" }, OURS, OURS],
    ["an empty tool URL is no tool", { sqftEstimateSource: "measur-it", measuringToolUrl: " " }, OURS, OURS],
    ["its own tool is kept", { sqftEstimateSource: "measur-it", measuringToolUrl: "https://tool.example/" }, OURS, "https://tool.example/"],
    ["zillow falling back to the tool gets ours", { sqftEstimateSource: "zillow", zillowFallback: true }, OURS, OURS],
    ["zillow without the fallback does not", { sqftEstimateSource: "zillow" }, OURS, undefined],
    ["home does not measure", { sqftEstimateSource: "home" }, OURS, undefined],
    ["no imagery on this server: no tool", { sqftEstimateSource: "measur-it" }, undefined, undefined],
  ];
  const ports = { propertyData: { ...PROPERTY_DATA_OFF, sources: new Set(["zillow", "home", "other"] as const) }, sms: SMS_OFF };
  for (const [what, config, ours, expected] of cases) {
    test(what, () => {
      const served = JSON.parse(configForVisitors(JSON.stringify({ companyName: "Greenway", ...config }), ports, ours)) as Record<string, unknown>;
      assert.equal(served.measuringToolUrl, expected);
      assert.equal(served.companyName, "Greenway");
    });
  }
  test("a lookup source the server cannot answer becomes measur-it, with our tool", () => {
    const served = JSON.parse(configForVisitors(JSON.stringify({ sqftEstimateSource: "other" }), { propertyData: PROPERTY_DATA_OFF, sms: SMS_OFF }, OURS)) as Record<string, unknown>;
    assert.deepEqual(served, { sqftEstimateSource: "measur-it", measuringToolUrl: OURS });
  });
});

describe("the tool's page", () => {
  const imagery = mapboxImagery("pk.test", "https://tiles.example");
  const search: AddressSearchPort = {
    name: "test",
    live: true,
    search: async ({ queryTerm }) => ({
      items: queryTerm.startsWith("1234 Oak")
        ? [{ address: { label: "1234 Oak Street", houseNumber: "1234", street: "Oak Street", city: "Dublin", postalCode: "43017", state: "OH", countryCode: "US" }, position: { lat: 40.1, lng: -83.1 } }]
        : [],
    }),
  };
  const app = createMeasureRoutes({ imagery, addressSearch: search, distDir: "/nonexistent" });
  const get = (query: string) => app.request(`/measure/?${query}`);

  test("centred on the address search's answer, with the provider's template and attribution, under a strict CSP", async () => {
    const response = await get("address=1234%20Oak%20Street&mode=area&units=imperial&parent=https%3A%2F%2Fshop.example");
    assert.equal(response.status, 200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    assert.match(csp, /img-src 'self' data: blob: https:\/\/tiles\.example(;|$)/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(response.headers.get("Referrer-Policy"), "strict-origin", "the provider's URL restriction sees our origin, never the address");
    const html = await response.text();
    assert.match(html, /data-centre="\[-83\.1,40\.1\]"/);
    assert.match(html, /data-tile-template="https:\/\/tiles\.example\/v4\/mapbox\.satellite\/\{z\}\/\{x\}\/\{y\}@2x\.jpg90\?access_token=pk\.test"/);
    assert.match(html, /© Mapbox © OpenStreetMap © Maxar/);
    assert.match(html, /<script defer src="\/dist\/measure-tool\.js"><\/script>/);
  });

  test("the widget's own point wins; an address nobody finds opens no map and says so", async () => {
    assert.match(await (await get("address=nowhere&lat=51.5&lng=-0.12&parent=https%3A%2F%2Fshop.example")).text(), /data-centre="\[-0\.12,51\.5\]"/);
    const lost = await (await get("address=nowhere&parent=https%3A%2F%2Fshop.example")).text();
    assert.match(lost, /data-centre=""/);
    assert.match(lost, /could not be found on the satellite map/);
  });

  test("in the visitor's language: lang=es gives the page in Spanish and tells the script; none or unknown, English", async () => {
    const page = async (lang: string) => (await get(`address=1234%20Oak%20Street&parent=https%3A%2F%2Fshop.example${lang}`)).text();
    const spanish = await page("&lang=es");
    assert.match(spanish, /<html lang="es">/);
    assert.match(spanish, /data-lang="es"/);
    assert.match(spanish, /<title>Mida su césped<\/title>/);
    for (const button of ["Listo", "Deshacer", "Empezar de nuevo", "Agregar otra área", "Quitar un área", "Cerrar", "Usar esta medida"]) {
      assert.match(spanish, new RegExp(`<button [^>]*>${button}</button>`), button);
    }
    assert.match(spanish, /aria-label="Mapa satelital de 1234 Oak Street\. Toque alrededor de su césped/);
    assert.match(spanish, /Área del césped: <output id="total" aria-live="polite">0 pies²<\/output>/, "the unit as the chat names it in Spanish");
    assert.doesNotMatch(spanish, /Use this measurement|Done|Undo|Lawn area/);
    const lost = await (await get("address=nowhere&parent=https%3A%2F%2Fshop.example&lang=es-MX")).text();
    assert.match(lost, /No encontramos esta dirección en el mapa satelital\./);
    for (const english of [await page(""), await page("&lang=fr"), await page("&lang=%3Cb%3E")]) {
      assert.match(english, /<html lang="en">/);
      assert.match(english, /data-lang="en"/);
      assert.match(english, /<button type="button" id="use" class="primary">Use this measurement<\/button>/);
    }
  });

  test("the query is escaped into the page", async () => {
    const html = await (await get(`address=${encodeURIComponent('<img src=x onerror="alert(1)">')}`)).text();
    assert.doesNotMatch(html, /<img src=x/);
  });

  test("parent and position are read strictly", () => {
    assert.equal(parseParentOrigin("https://shop.example"), "https://shop.example");
    for (const bad of ["https://shop.example/", "*", "javascript:alert(1)", "https://shop.example/path", ""]) assert.equal(parseParentOrigin(bad), undefined, bad);
    assert.deepEqual(parsePosition("40.1", "-83.1"), { lat: 40.1, lng: -83.1 });
    for (const [lat, lng] of [["91", "0"], ["x", "1"], ["1", ""], ["0", "181"]]) assert.equal(parsePosition(lat, lng), undefined, `${lat},${lng}`);
  });

  test("no imagery: the tool is not served", async () => {
    const off = createMeasureRoutes({ imagery: IMAGERY_OFF, addressSearch: ADDRESS_SEARCH_OFF, distDir: "/nonexistent" });
    assert.equal((await off.request("/measure/?address=x")).status, 404);
  });

  test("the CSP adds only the provider's origin", () => {
    assert.equal(measureToolCsp("").includes("img-src 'self' data: blob:;"), true);
  });
});

describe("the demo's stand-in of Mapbox's Raster Tiles API", () => {
  const app = new Hono();
  addTileStandIn(app);
  const tile = (path: string, token = STAND_IN_TOKEN) => app.request(`/v4/mapbox.satellite/${path}?access_token=${token}`);

  test("a tile is a 512 px PNG, readable across origins", async () => {
    const response = await tile("19/141100/198295@2x.jpg90");
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("Content-Type"), "image/png");
    assert.equal(response.headers.get("Access-Control-Allow-Origin"), "*");
    const bytes = new Uint8Array(await response.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(new DataView(bytes.buffer).getUint32(16), 512, "width");
    assert.equal((await (await tile("19/141100/198295.png")).arrayBuffer()).byteLength > 0, true);
  });

  test("like the real API: a wrong token is 401, a tile outside the world 404", async () => {
    const refused = await tile("19/141100/198295@2x.jpg90", "pk.other");
    assert.equal(refused.status, 401);
    assert.deepEqual(await refused.json(), { message: "Not Authorized - Invalid Token" });
    for (const path of ["2/4/0@2x.jpg90", "23/0/0.png", "1/0/x.png", "-1/0/0.png"]) assert.equal((await tile(path)).status, 404, path);
  });
});

describe("the lot's outline as a guide", () => {
  const square: Array<[number, number]> = [[-83.1, 40.1], [-83.0999, 40.1], [-83.0999, 40.1001], [-83.1, 40.1001], [-83.1, 40.1]];
  const body = (geometry: unknown) => ({ parcels: { features: [{ geometry, properties: { fields: { ll_gissqft: 9000 } } }] } });
  test("Regrid's Polygon and MultiPolygon (the largest part), or nothing", () => {
    assert.deepEqual(parcelOutline(body({ type: "Polygon", coordinates: [square, [[0, 0], [0, 1], [1, 1], [0, 0]]] })), square);
    const small: Array<[number, number]> = [[1, 1], [1, 2], [2, 2], [1, 1]];
    assert.deepEqual(parcelOutline(body({ type: "MultiPolygon", coordinates: [[small], [square]] })), square);
    assert.equal(parcelOutline(body(null)), undefined);
    assert.equal(parcelOutline(body({ type: "Point", coordinates: [1, 2] })), undefined);
    assert.equal(parcelOutline({ parcels: { features: [] } }), undefined);
    const huge = Array.from({ length: 600 }, (_, i): [number, number] => [i, i]);
    assert.equal(parcelOutline(body({ type: "Polygon", coordinates: [huge] })), undefined, "a geometry too detailed to draw");
  });

  test("the tool's page carries it when the property data knows it", async () => {
    const app = createMeasureRoutes({
      imagery: mapboxImagery("pk.test", "https://tiles.example"),
      addressSearch: ADDRESS_SEARCH_OFF,
      propertyData: { outline: async () => square },
      distDir: "/nonexistent",
    });
    const html = await (await app.request("/measure/?address=x&lat=40.1&lng=-83.1")).text();
    assert.match(html, /data-outline="\[\[-83\.1,40\.1\],/);
  });

  test("the demo's lot is the drawn plot around the point, closed, about 27 m × 40 m of ground", () => {
    const ring = plotOutlineAt(40.0992, -83.1141);
    assert.equal(ring.length, 5);
    assert.deepEqual(ring[0], ring[4]);
    const [[west, north], [east], , [, south]] = ring as [[number, number], [number, number], [number, number], [number, number]];
    assert.ok(west < -83.1141 && east > -83.1141 && south < 40.0992 && north > 40.0992, "the point is inside its lot");
    const metresPerDegree = 111_320;
    const width = (east - west) * metresPerDegree * Math.cos((40.0992 * Math.PI) / 180);
    const height = (north - south) * metresPerDegree;
    assert.ok(Math.abs(width - 27.6) < 1 && Math.abs(height - 39.8) < 1, `${width.toFixed(1)} m × ${height.toFixed(1)} m`);
  });
});
