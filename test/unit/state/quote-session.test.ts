// The quote session (SPEC §4 'Other rules', §7 prices and tax, §8): answers recorded, tax and
// prices fetched, upsells kept in order, the visitor's switches remembered, prices refetched
// when what they depend on changes, and only once a quote has prices.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import ky from "ky";
import type { Answers } from "../../../src/flow/answer-keys.ts";
import type { PriceBlockInput } from "../../../src/contract/quote-services.ts";
import { configStatusAtom, flowStateAtom } from "../../../src/state/atoms.ts";
import { priceBlocksAtom, pricesBusyAtom, pricingEngineAtom, quoteViewAtom, taxPercentAtom } from "../../../src/state/quote-atoms.ts";
import { priceQuote, priceService } from "../../../src/pricing/price-quote.ts";
import { createQuoteSession } from "../../../src/state/quote-session.ts";
import { createSelectedServicesStore } from "../../../src/storage/selected-services.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import { makeConfig } from "../fixtures.ts";

const block = (id: string, serviceType: string, extra: Partial<PriceBlockInput> = {}): PriceBlockInput => ({
  id,
  programId: id,
  serviceName: serviceType,
  serviceType,
  isUpsell: true,
  applicationsRemaining: 2,
  services: { application: [{ grossPrice: 50 }, { grossPrice: 50 }] },
  ...extra,
});

const BLOCKS = [
  block("pb-mow", "Mowing"),
  block("pb-fert", "Fertilizer & Weed Control", { alwaysOnTop: true }),
  block("pb-trip", "Trip Charge", { isUpsell: false }),
  block("pb-grub", "Grub Control"),
];

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function setup(overrides: Partial<CompanyConfigInput> = {}, answer: (path: string) => Response = () => Response.json(BLOCKS)) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === "POST" ? await request.clone().json() : null;
    calls.push({ method: request.method, path: url.pathname + url.search, body });
    if (url.pathname === "/v1/quote/record") return Response.json({ ok: true });
    if (url.pathname === "/v1/tax") return answer("/v1/tax");
    return answer(url.pathname);
  };
  const api = ky.create({ prefixUrl: "http://api.test", fetch, retry: 0 });
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig({ serviceTax: 6, ...overrides }) });
  // As when the quote chunk has arrived (src/ui/chat/quote-modal-host.tsx); see 'before the engine' below.
  store.set(pricingEngineAtom, { priceQuote, priceService });
  const selected = createSelectedServicesStore(memoryStore(), "acme");
  const session = createQuoteSession({ store, api, companyId: "acme", botId: "lawn", config: () => makeConfig({ serviceTax: 6, ...overrides }), selected });
  return { store, session, calls, selected };
}

const answers = {
  quoteId: "q-1",
  selectedPrograms: ["Mowing"],
  lawnSize: 6000,
  customerAddress: "1 Main St",
  customerCity: "Dublin",
  customerState: "OH",
  customerZip: "43017",
  measurItImage: "data:image/png;base64,AAAA",
};

const setAnswers = (store: ReturnType<typeof createStore>, a: Answers) =>
  store.set(flowStateAtom, { stepId: "quoteOpen", answers: a, path: [] });

describe("the quote session", () => {
  test("records the answers without the picture, then prices: upsells only, alwaysOnTop first, chosen programs selected", async () => {
    const { store, session, calls } = setup();
    setAnswers(store, answers);
    assert.equal(await session.calculate(answers), "priced");
    const record = calls.find((c) => c.path === "/v1/quote/record")!;
    // The answers go as text (docs/api.md): the list as its JSON, the size as its digits; no picture.
    const recorded = {
      quoteId: "q-1",
      selectedPrograms: '["Mowing"]',
      lawnSize: "6000",
      customerAddress: "1 Main St",
      customerCity: "Dublin",
      customerState: "OH",
      customerZip: "43017",
    };
    assert.deepEqual((record.body as { payload: { answers: Record<string, string> } }).payload.answers, recorded);
    const prices = calls.find((c) => c.path === "/v1/rtp/quote/services")!.body as { serviceTypes: string[]; estimate: number; postalCode: string; answers: unknown };
    assert.deepEqual([prices.serviceTypes, prices.estimate, prices.postalCode], [["Mowing"], 6000, "43017"]);
    assert.deepEqual(prices.answers, recorded);
    const blocks = store.get(priceBlocksAtom)!;
    assert.deepEqual(blocks.map((b) => [b.id, b.selected]), [["pb-fert", false], ["pb-mow", true], ["pb-grub", false]]);
    assert.equal(store.get(taxPercentAtom), 6);
    assert.equal(session.hasPrices(), true);
  });

  const outcomes: Array<[string, () => Response, string]> = [
    ["a 404 is sqft-too-big", () => new Response(JSON.stringify({ message: "too big" }), { status: 404 }), "too-big"],
    ["a 500 gives no services", () => new Response("{}", { status: 500 }), "empty"],
    ["an answer that is not price blocks gives no services", () => Response.json({ nope: true }), "empty"],
    ["nothing selected gives no services", () => Response.json([block("pb-grub", "Grub Control")]), "empty"],
  ];
  for (const [what, response, outcome] of outcomes) {
    test(what, async () => {
      const { store, session } = setup({}, (path) => (path === "/v1/rtp/quote/services" ? response() : Response.json({ tax: -1 })));
      setAnswers(store, answers);
      assert.equal(await session.calculate(answers), outcome);
    });
  }

  const taxes: Array<[string, Partial<CompanyConfigInput>, () => Response, number | null]> = [
    ["the company's tax without a lookup", {}, () => Response.json({ tax: 0.0725 }), 6],
    ["the looked-up rate, in percent", { lookupZipCodeTax: true }, () => Response.json({ tax: 0.0725 }), 7.25],
    ["-1 keeps the company's tax", { lookupZipCodeTax: true }, () => Response.json({ tax: -1 }), 6],
    ["a failed lookup keeps the company's tax", { lookupZipCodeTax: true }, () => new Response("", { status: 500 }), 6],
    ["an untaxed zip has none", { lookupZipCodeTax: true, dontTaxZipCodes: ["43017"] }, () => Response.json({ tax: 0.0725 }), 0],
    // SPEC §8 'tax unchanged' and §9 'Default tax 0': a known 0 %, never '+ TAX' (issue 27).
    ["-1 without a tax of its own keeps 0", { lookupZipCodeTax: true, serviceTax: 0 }, () => Response.json({ tax: -1 }), 0],
    ["a failed lookup without a tax of its own keeps 0", { lookupZipCodeTax: true, serviceTax: 0 }, () => new Response("", { status: 500 }), 0],
  ];
  for (const [what, overrides, taxAnswer, percent] of taxes) {
    test(`tax: ${what}`, async () => {
      const { store, session } = setup(overrides, (path) => (path === "/v1/tax" ? taxAnswer() : Response.json(BLOCKS)));
      setAnswers(store, answers);
      await session.calculate(answers);
      assert.equal(store.get(taxPercentAtom), percent);
    });
  }

  test("before the pricing engine has arrived (it comes with the quote chunk): the outcome and hasPrices already right, no priced quote until it comes", async () => {
    const { store, session } = setup();
    store.set(pricingEngineAtom, null);
    setAnswers(store, answers);
    assert.equal(await session.calculate(answers), "priced");
    assert.equal(session.hasPrices(), true);
    assert.equal(store.get(quoteViewAtom), null, "nothing priced in the widget without the engine");
    store.set(pricingEngineAtom, { priceQuote, priceService });
    assert.deepEqual(store.get(quoteViewAtom)!.quote.services.map((s) => s.block.id), ["pb-mow"]);
    // Every service switched off: 'No Services', with or without the engine.
    session.toggleService("pb-mow", false);
    assert.equal(session.hasPrices(), false);
    assert.equal(store.get(quoteViewAtom), null);
    store.set(pricingEngineAtom, null);
    assert.equal(await session.calculate(answers), "empty");
  });

  test("a switched service is remembered for the quote and survives a refetch", async () => {
    const { store, session, selected } = setup();
    setAnswers(store, answers);
    await session.calculate(answers);
    session.toggleService("pb-grub", true);
    assert.equal(store.get(quoteViewAtom)!.quote.services.length, 2, "priced at once, locally");
    assert.deepEqual(selected.load("q-1").filter((s) => s.selected).map((s) => s.id), ["pb-mow", "pb-grub"]);
    await session.calculate(answers);
    assert.deepEqual(store.get(priceBlocksAtom)!.filter((b) => b.selected).map((b) => b.id), ["pb-mow", "pb-grub"]);
  });

  test("reloadPrices (the server priced the quote differently): tax and prices fetched again, the new prices on screen, the visitor's switches and plan kept", async () => {
    let price = 50;
    const { store, session, calls } = setup({}, (path) =>
      path === "/v1/tax" ? Response.json({ tax: -1 }) : Response.json(BLOCKS.map((b) => ({ ...b, services: { application: [{ grossPrice: price }, { grossPrice: price }] } }))),
    );
    setAnswers(store, answers);
    await session.calculate(answers);
    session.toggleService("pb-grub", true);
    session.setTerm("total");
    const shown = store.get(quoteViewAtom)!.quote.amountDueToday;
    price = 55;
    const before = calls.length;
    await session.reloadPrices();
    assert.deepEqual(calls.slice(before).map((c) => c.path.split("?")[0]), ["/v1/rtp/quote/services"], "no tax lookup for this company; the prices again");
    const view = store.get(quoteViewAtom)!;
    assert.ok(view.quote.amountDueToday > shown, "the reloaded (higher) price is the one shown");
    assert.deepEqual(view.quote.services.map((s) => s.block.id), ["pb-mow", "pb-grub"]);
    assert.equal(view.quote.totals.term, "total");
  });

  test("prices are fetched again when an input changes, once a quote has prices, and not before", async (t) => {
    // A fake clock: the refetch waits 250 ms after the last change, and the test moves time itself.
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const { store, session, calls } = setup();
    const stop = session.watch();
    const priceCalls = () => calls.filter((c) => c.path === "/v1/rtp/quote/services").length;
    /** Resolves once a refetch has started and finished (the prices busy, then not). */
    const refetched = () =>
      new Promise<void>((resolve) => {
        let started = false;
        const off = store.sub(pricesBusyAtom, () => {
          started ||= store.get(pricesBusyAtom);
          if (started && !store.get(pricesBusyAtom)) resolve(off());
        });
      });
    setAnswers(store, { ...answers, adjustedLotSize: 5000 });
    t.mock.timers.tick(10_000);
    // A refetch marks the prices busy the moment its timer fires: none did.
    assert.equal(store.get(pricesBusyAtom), false, "no prices yet: nothing to refetch");
    assert.equal(priceCalls(), 0);

    setAnswers(store, answers);
    await session.calculate(answers);
    assert.equal(priceCalls(), 1);
    setAnswers(store, { ...answers, adjustedLotSize: 5000 });
    setAnswers(store, { ...answers, adjustedLotSize: 5100 });
    const done = refetched();
    t.mock.timers.tick(249);
    assert.equal(store.get(pricesBusyAtom), false, "not before 250 ms after the last change");
    t.mock.timers.tick(1);
    assert.equal(store.get(pricesBusyAtom), true, "refetching 250 ms after the last change");
    await done;
    assert.equal(priceCalls(), 2, "one refetch for a burst of changes");
    const body = calls.filter((c) => c.path === "/v1/rtp/quote/services").at(-1)!.body as { estimate: number };
    assert.equal(body.estimate, 5100, "with the latest adjusted size");
    setAnswers(store, { ...answers, adjustedLotSize: 5100 });
    t.mock.timers.tick(10_000);
    assert.equal(store.get(pricesBusyAtom), false, "the same inputs fetch nothing");
    assert.equal(priceCalls(), 2);
    stop();
  });
});
