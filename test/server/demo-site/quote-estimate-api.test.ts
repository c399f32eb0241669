// POST /v1/quote/estimate (docs/api.md): the size, its unit and the measuring tool's picture
// recorded on the quote, with the slider's lawn size; bad bodies store nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import * as v from "valibot";
import { QuoteSchema } from "../../../src/contract/quote-details.ts";
import { grantQuoteToken, newVisitorStart } from "./api-test-data.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const PNG = `data:image/png;base64,${"iVBORw0KGgo".padEnd(400, "A")}=`;

async function startQuote(phoneNumber: string): Promise<string> {
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, newVisitorStart({ phoneNumber }));
  assert.equal(status, 200);
  return (json as { id: string }).id;
}

async function details(quoteId: string) {
  const { json } = await postJson(`${site.api}/v1/quote/details`, { quoteId, companyId: "greenway-lawn", quoteToken: grantQuoteToken(site.db, quoteId) });
  return v.parse(QuoteSchema, json);
}

const rawEstimate = (quoteId: string) =>
  site.db.prepare("SELECT estimate, adjusted_lot_size FROM quotes WHERE id = ?").get(quoteId) as { estimate: string | null; adjusted_lot_size: number | null };

test("records the estimate, its unit and the picture, then the slider's lawn size", async () => {
  const quoteId = await startQuote("6145559701");
  const first = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 6727, units: "sq ft", measurItImage: PNG } });
  assert.equal(first.status, 200);
  assert.deepEqual(first.json, { ok: true });
  let quote = await details(quoteId);
  assert.deepEqual(quote.estimate, { estimate: 6727, measurItImage: PNG });
  assert.equal(quote.adjustedLotSize, null);
  assert.equal((JSON.parse(rawEstimate(quoteId).estimate ?? "{}") as { units?: string }).units, "sq ft");

  await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 6727, units: "sq ft", measurItImage: PNG }, adjustedLotSize: 3364 });
  quote = await details(quoteId);
  assert.equal(quote.adjustedLotSize, 3364);

  // A new size without a picture drops the old picture and keeps the slider's value.
  await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 9000, units: "sq ft" } });
  quote = await details(quoteId);
  assert.deepEqual(quote.estimate, { estimate: 9000 });
  assert.equal(quote.adjustedLotSize, 3364);
});

test("keeps the property's pictures already on the quote", async () => {
  // Jane Cooper's quote starts with her known lot and pictures (same address).
  const { json } = await postJson(`${site.api}/v1/quote/start`, {
    ...newVisitorStart({ phoneNumber: "6145550100", street: "1234 Oak Street", postalCode: "43017" }),
    customer: { ...newVisitorStart().customer, firstName: "Jane", lastName: "Cooper", phoneNumber: "6145550100", address: { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43017", country: "US" } },
  });
  const quoteId = (json as { id: string }).id;
  const before = await details(quoteId);
  assert.ok(before.estimate?.aerialImg);
  await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 8000, units: "sq ft" } });
  const after = await details(quoteId);
  assert.equal(after.estimate?.estimate, 8000);
  assert.equal(after.estimate?.aerialImg, before.estimate.aerialImg);
  assert.equal(after.estimate?.streetImg, before.estimate.streetImg);
});

test("a picture of 200000 characters fits (the body limit is higher for this call)", async () => {
  const quoteId = await startQuote("6145559702");
  const image = `data:image/png;base64,${"A".repeat(200_000 - "data:image/png;base64,".length)}`;
  const { status } = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 10, units: "sq m", measurItImage: image } });
  assert.equal(status, 200);
  assert.equal((await details(quoteId)).estimate?.measurItImage, image);
});

test("an unknown quote, or another company's, is a 404", async () => {
  const quoteId = await startQuote("6145559703");
  for (const body of [
    { companyId: "greenway-lawn", quoteId: "no-such-quote", estimate: { estimate: 100, units: "sq ft" } },
    { companyId: "demo-company", quoteId, estimate: { estimate: 100, units: "sq ft" } },
  ]) {
    const { status, json } = await postJson(`${site.api}/v1/quote/estimate`, body);
    assert.equal(status, 404);
    assert.match((json as { message: string }).message, /No quote/);
  }
  assert.equal(rawEstimate(quoteId).estimate, null);
});

const snapshot = () => site.db.prepare("SELECT * FROM quotes ORDER BY id").all();

test("bad bodies answer 400 naming the field, and store nothing", async () => {
  const quoteId = await startQuote("6145559704");
  const good = { companyId: "greenway-lawn", quoteId, estimate: { estimate: 5000, units: "sq ft", measurItImage: PNG }, adjustedLotSize: 2500 };
  const bad: [string, unknown, RegExp][] = [
    ["no quoteId", { ...good, quoteId: undefined }, /quoteId/],
    ["no estimate", { ...good, estimate: undefined }, /estimate/],
    ["a zero estimate", { ...good, estimate: { ...good.estimate, estimate: 0 } }, /estimate\.estimate/],
    ["a negative estimate", { ...good, estimate: { ...good.estimate, estimate: -5 } }, /estimate\.estimate/],
    ["an estimate above 300000", { ...good, estimate: { ...good.estimate, estimate: 300_001 } }, /estimate\.estimate/],
    ["a text estimate", { ...good, estimate: { ...good.estimate, estimate: "5000" } }, /estimate\.estimate/],
    ["an unknown unit", { ...good, estimate: { ...good.estimate, units: "acres" } }, /estimate\.units/],
    ["a picture that is not a data URL", { ...good, estimate: { ...good.estimate, measurItImage: "https://evil.example/x.png" } }, /measurItImage/],
    ["a picture of 200001 characters", { ...good, estimate: { ...good.estimate, measurItImage: `${PNG}${"A".repeat(200_001 - PNG.length)}` } }, /measurItImage/],
    ["a negative adjusted size", { ...good, adjustedLotSize: -1 }, /adjustedLotSize/],
    ["a text adjusted size", { ...good, adjustedLotSize: "2500" }, /adjustedLotSize/],
  ];
  const before = snapshot();
  for (const [what, body, names] of bad) {
    const { status, json } = await postJson(`${site.api}/v1/quote/estimate`, body);
    assert.equal(status, 400, what);
    assert.match((json as { message: string }).message, names, what);
  }
  assert.equal((await postJson(`${site.api}/v1/quote/estimate`, "{not json")).status, 400);
  assert.deepEqual(snapshot(), before);
  assert.equal((await postJson(`${site.api}/v1/quote/estimate`, good)).status, 200, "the good body is accepted");
});

test("a body over 256 KB answers 413 and stores nothing", async () => {
  const quoteId = await startQuote("6145559705");
  const before = snapshot();
  const { status } = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 1, units: "sq ft", measurItImage: `data:image/png;base64,${"A".repeat(300_000)}` } });
  assert.equal(status, 413);
  assert.deepEqual(snapshot(), before);
});

test("records the aerial and street pictures the visitor was shown; other schemes are refused and change nothing", async () => {
  const quoteId = await startQuote("6145559703");
  const aerialImg = `${site.api}/demo-assets/property/aerial-3.svg`;
  const streetImg = `${site.api}/demo-assets/property/street-3.svg`;
  const ok = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 7000, units: "sq ft", aerialImg, streetImg } });
  assert.equal(ok.status, 200);
  const recorded = await details(quoteId);
  assert.equal(recorded.estimate?.aerialImg, aerialImg);
  assert.equal(recorded.estimate?.streetImg, streetImg);

  const bad = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 1, units: "sq ft", aerialImg: "javascript:alert(1)" } });
  assert.equal(bad.status, 400);
  assert.equal((await details(quoteId)).estimate?.estimate, 7000, "nothing stored");

  await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 7100, units: "sq ft" } });
  assert.equal((await details(quoteId)).estimate?.aerialImg, aerialImg, "a later size without pictures keeps them");
});

test("the measuring tool's outline is kept with the estimate; a bad one is a 400 that stores nothing", async () => {
  const quoteId = await startQuote("6145559706");
  const ring = [
    [-83.1141, 40.0992],
    [-83.1136, 40.0992],
    [-83.1136, 40.0996],
    [-83.1141, 40.0992],
  ];
  const outline = JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { kind: "lawn" }, geometry: { type: "Polygon", coordinates: [ring] } }] });
  const ok = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 1234, units: "sq ft", measurItImage: PNG, measurOutline: outline } });
  assert.equal(ok.status, 200);
  const stored = JSON.parse(rawEstimate(quoteId).estimate ?? "{}") as { measurOutline?: unknown };
  assert.deepEqual(stored.measurOutline, JSON.parse(outline));

  const open = JSON.stringify({ type: "FeatureCollection", features: [{ type: "Feature", properties: { kind: "lawn" }, geometry: { type: "Polygon", coordinates: [ring.slice(0, 3).concat([[-83.1, 40.1]])] } }] });
  const bad = await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 999, units: "sq ft", measurOutline: open } });
  assert.equal(bad.status, 400);
  assert.match((bad.json as { message: string }).message, /measurOutline.*end where it starts/);
  assert.equal((JSON.parse(rawEstimate(quoteId).estimate ?? "{}") as { estimate: number }).estimate, 1234, "nothing stored");

  // A new size without an outline (typed after all) drops the drawing.
  await postJson(`${site.api}/v1/quote/estimate`, { companyId: "greenway-lawn", quoteId, estimate: { estimate: 2000, units: "sq ft" } });
  assert.equal((JSON.parse(rawEstimate(quoteId).estimate ?? "{}") as { measurOutline?: unknown }).measurOutline, undefined);
});
