// The production entry with its third parties live (issue 28): `server/production/serve.ts`
// started as `npm run serve` starts it, configured by its environment alone, with the local
// fakes of Google's Places API (New), Maps Static / Street View Static and Regrid's Parcel API
// as its providers, on a SQLite file with the demo companies seeded (SEED_DEMO=1). In Chromium,
// on the hosted page the entry serves (/demo-company/zillow-bot, a lot-size company):
// - a visitor types an address, picks the suggestion Places gave, is told the lot Regrid
//   knows and the lawn it makes (lot × 0.4), sees both pictures, served by our own origin, and
//   reaches a priced proposal; no request of the page goes anywhere but our origin and neither
//   key is in anything the page received;
// - the providers at their quota (429) or silent (a timeout): the address is typed by hand,
//   the size is typed, no pictures, and the visitor still reaches a priced proposal.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext, Locator } from "playwright-core";
import { clickAnswer, pickPrograms, saw, typeAnswer } from "./chat.ts";
import { launchChromium } from "./browser.ts";
import { answerFertilizer, quoteNow, summary } from "./journey.ts";
import { assertNoSecretShown, startProductionEntry, STRIPE_JS, visitHostedPage, type ProductionEntry, type Visitor } from "./production-entry.ts";
import { FAKE_GOOGLE_KEY, FAKE_PLACES, FAKE_REGRID_TOKEN, providerEnv, startProviderFakes, type FakeMode, type ProviderFakes } from "../fakes/provider-fakes.ts";

/** Each provider call's limit: short, so a silent provider costs little here, yet well above a busy machine's answers. */
const PROVIDER_TIMEOUT_MS = 3000;
const SHARE = 0.4; // SPEC §9's sqFtPercentage default; zillow-bot sets none.

describe("the production entry with its providers live (local fakes)", { timeout: 120_000 }, () => {
  let fakes: ProviderFakes;
  let entry: ProductionEntry;
  let base = "";
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const log = () => entry.log();

  before(async () => {
    fakes = await startProviderFakes({ listen: true });
    // The environment alone configures it, as for `npm run serve`; nothing else is inherited.
    [entry, browser] = await Promise.all([
      startProductionEntry({
        ...providerEnv(fakes.url),
        PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      }),
      launchChromium(),
    ]);
    base = entry.base;
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await entry?.close();
    await fakes?.close();
  });

  /** A new visitor on the hosted page (/demo-company/zillow-bot, a lot-size company), at the address question. */
  async function visit(phone: string): Promise<Visitor> {
    const visitor = await visitHostedPage(browser, contexts, base, "/demo-company/zillow-bot", phone);
    await clickAnswer(visitor.chat, "Let's Get Started");
    await saw(visitor.chat, "What's the address of the property you'd like a quote for?");
    return visitor;
  }

  /** The page asked our origin alone, and neither key is in anything it received or shows. */
  async function assertNothingLeaked(visitor: Visitor): Promise<void> {
    const elsewhere = visitor.requests.filter((url) => new URL(url).origin !== base && new URL(url).origin !== STRIPE_JS);
    assert.deepEqual(elsewhere, [], "every request of the page goes to our origin (or Stripe's script), none to a provider");
    assert.ok(visitor.requests.every((url) => new URL(url).origin !== fakes.url));
    await assertNoSecretShown(visitor, { "the Google key": FAKE_GOOGLE_KEY, "the Regrid token": FAKE_REGRID_TOKEN });
  }

  /** Types the address by hand after the search found nothing. */
  async function typeAddress(chat: Locator, street: string): Promise<void> {
    await chat.getByRole("combobox", { name: "Search address" }).fill(street);
    await chat.getByText("No matches found").waitFor();
    await clickAnswer(chat, "Type the address");
    const form = chat.getByRole("form", { name: "Type your address" });
    await form.getByLabel("Street address").fill(street);
    await form.getByLabel("City").fill("Dublin");
    await form.getByLabel("State").fill("Ohio");
    await form.getByLabel("ZIP code").fill("43017");
    await clickAnswer(chat, "Continue");
    await saw(chat, `${street}, Dublin, OH 43017`);
  }

  /** From the program picker to the proposal: its price for `estimate`, as the page shows it. */
  async function toProposal(visitor: Visitor, estimate: number): Promise<void> {
    await pickPrograms(visitor.chat, "Fertilizer & Weed Control");
    await answerFertilizer(visitor.chat);
    const modal = await quoteNow(visitor.page, visitor.chat);
    const rows = await summary(modal);
    assert.match(rows["GET STARTED TODAY"] ?? "", /^\$\d[\d,]*\.\d\d$/, `a price to get started: ${JSON.stringify(rows)}`);
    assert.ok(visitor.priced.length > 0, "the page asked for prices");
    for (const body of visitor.priced) assert.equal(body.estimate, estimate, "priced for the lawn the chat settled on");
  }

  const failures = (provider: string, failure: string) => log().filter((entry) => entry.msg === `provider call failed: ${failure}` && entry.provider === provider).length;

  const setAll = (mode: FakeMode) => {
    for (const provider of ["places", "maps", "regrid"] as const) fakes.setMode(provider, mode);
  };

  test("the start-up log names the live ports", () => {
    const ports = log().find((entry) => entry.msg === "ports" && "addressSearch" in entry);
    assert.equal(ports?.addressSearch, "google-places");
    assert.equal(ports?.propertyData, "regrid (zillow, other)");
    assert.match(String(ports?.propertyPictures), /google-maps/);
  });

  test("a suggestion from Places, the lot from Regrid, both pictures from our origin, and a priced proposal", async () => {
    fakes.reset();
    const main = FAKE_PLACES.find((place) => place.placeId === "ChIJfake88Main")!;
    const visitor = await visit("6145550181");
    const { chat } = visitor;
    await chat.getByRole("combobox", { name: "Search address" }).fill("88 Main");
    await chat.getByText("Powered by Google").waitFor();
    await chat.getByRole("option", { name: main.formattedAddress }).click();
    await clickAnswer(chat, "No");

    const lot = Math.round(main.lotSqFt);
    const lawn = Math.round(main.lotSqFt * SHARE);
    await saw(chat, `Your lot is about ${lot.toLocaleString("en-US")} sq ft.`);
    for (const name of ["Aerial view of your property", "Street view of your property"]) {
      const picture = chat.getByRole("img", { name });
      await picture.waitFor();
      const src = (await picture.getAttribute("src")) ?? "";
      assert.equal(new URL(src).origin, base, `${name}: served by our origin`);
      assert.ok(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), `${name}: shown`);
    }
    assert.equal(await chat.locator("output").innerText(), `${lawn.toLocaleString("en-US")} sq ft`, "the lawn: the lot × 0.4");
    await clickAnswer(chat, "Update Lawn Size");
    await toProposal(visitor, lawn);

    // What the providers were asked: the autocomplete, the picked place, its parcel and pictures.
    const asked = fakes.calls.map((call) => `${call.provider} ${call.method} ${call.path}`);
    for (const expected of ["places POST /v1/places:autocomplete", `places GET /v1/places/${main.placeId}`, "regrid GET /api/v2/parcels/point", "maps GET /maps/api/staticmap", "maps GET /maps/api/streetview/metadata", "maps GET /maps/api/streetview"]) {
      assert.ok(asked.includes(expected), `${expected} (asked: ${asked.join(", ")})`);
    }
    await assertNothingLeaked(visitor);
  });

  for (const [mode, failure, street, phone] of [
    ["429", "quota", "42 Elm Street", "6145550182"],
    ["timeout", "timeout", "9 Birch Lane", "6145550183"],
  ] as const) {
    test(`the providers answering ${mode}: the address typed by hand, the size typed, no pictures, and a priced proposal`, async () => {
      fakes.reset();
      setAll(mode);
      const visitor = await visit(phone);
      const { chat } = visitor;
      await typeAddress(chat, street);
      await clickAnswer(chat, "No");
      await saw(chat, "About how many square feet is the area you would like serviced?");
      await typeAnswer(chat, "Size in sq ft", "6000");
      await toProposal(visitor, 6000);
      assert.equal(await chat.getByRole("img", { name: /view of your property/ }).count(), 0, "no pictures");
      assert.ok(failures("google-places", failure) > 0, `the address search failed with ${failure}`);
      assert.ok(failures("regrid", failure) > 0, `the lot size failed with ${failure}`);
      await assertNothingLeaked(visitor);
    });
  }

  test("Regrid answering but the picture APIs at their quota: the lot and the slider, no pictures, the chat goes on", async () => {
    fakes.reset();
    fakes.setMode("maps", "429");
    const field = FAKE_PLACES.find((place) => place.placeId === "ChIJfake17Field")!;
    const visitor = await visit("6145550184");
    const { chat } = visitor;
    await chat.getByRole("combobox", { name: "Search address" }).fill("17 Field");
    await chat.getByRole("option", { name: field.formattedAddress }).click();
    await clickAnswer(chat, "No");
    await saw(chat, `Your lot is about ${Math.round(field.lotSqFt).toLocaleString("en-US")} sq ft.`);
    await clickAnswer(chat, "Update Lawn Size");
    await saw(chat, `${Math.round(field.lotSqFt * SHARE).toLocaleString("en-US")} sq ft`);
    await chat.getByRole("group", { name: "Services" }).waitFor();
    assert.equal(await chat.getByRole("img", { name: /view of your property/ }).count(), 0, "no pictures");
    assert.ok(failures("google-maps", "quota") > 0, "the picture calls met the quota");
    await assertNothingLeaked(visitor);
  });
});
