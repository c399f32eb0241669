// The widget keeps and sends its quote's token (issue 12, "Households stay apart"): the
// widget's own tasks (src/state/tasks) against the reference backend over real HTTP. The
// token from the quote start, the lookup or the previous-quote check is kept in the answers
// (saved with the conversation) and opens the quote on resume; without it the quote is
// "missing". It is never recorded to the server, and the local cache, not the cookie, keeps it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Answers } from "../../../src/flow/types.ts";
import { recordableAnswers } from "../../../src/state/quote-session.ts";
import { runTask, type TaskDeps } from "../../../src/state/tasks.ts";
import { createQuoteMemory, type QuoteMemory } from "../../../src/storage/quote-memory.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";
import { siteTaskDeps } from "./site-task-deps.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

function deps(quotes?: QuoteMemory): TaskDeps {
  const setup = { baseUrl: site.urls.widget, companyId: "greenway-lawn", botId: "lawn", config: { crmSolution: "real-green" as const } };
  return siteTaskDeps(setup, quotes ? { quotes } : {}).taskDeps;
}

async function run(task: Parameters<typeof runTask>[0], answers: Answers, taskDeps = deps()) {
  const outcome = await runTask(task, answers, taskDeps);
  return { outcome: outcome.value, answers: { ...answers, ...outcome.values } };
}

const visitor = (phonenumber: string, street = "5571 Muirfield Drive"): Answers => ({
  customerFirstName: "Kim",
  customerLastName: "O'Neil",
  customerName: "Kim O'Neil",
  phonenumber,
  customerEmail: "kim.o'neil@example.com",
  customerAddress: street,
  customerCity: "Dublin",
  customerState: "OH",
  customerZip: "43017",
  customerCountryCode: "US",
});

describe("the widget's quote token", () => {
  test("kept from the quote start, it opens the quote on resume; without it the quote is missing", async () => {
    const started = await run("startQuote", visitor("6145558901"));
    assert.equal(started.outcome, "started");
    assert.match(started.answers.quoteToken ?? "", /^[\w-]{43}$/);
    assert.equal((await run("resumeQuote", started.answers)).outcome, "resumed");
    const { quoteToken: _token, ...withoutToken } = started.answers;
    assert.equal((await run("resumeQuote", withoutToken)).outcome, "missing");
    // Never sent to the server with the answers.
    assert.deepEqual(Object.keys(recordableAnswers({ ...started.answers, previousQuoteToken: "t" })).filter((key) => /Token/.test(key)), []);
  });

  test("a returning customer's lookup brings the token of their quote, which resumes", async () => {
    const found = await run("lookupCustomer", { phonenumber: "6145550114" });
    assert.equal(found.outcome, "found");
    assert.equal(found.answers.previousQuoteId, "q-greenway-resume-5");
    assert.match(found.answers.previousQuoteToken ?? "", /^[\w-]{43}$/);
    assert.equal((await run("resumeQuote", found.answers)).outcome, "resumed");
  });

  test("the previous-quote check finds the household's own quote with a token; another household finds none", async () => {
    const first = await run("startQuote", visitor("6145558902", "5573 Muirfield Drive"));
    const again = await run("checkPreviousQuote", visitor("6145558902", "5573 Muirfield Drive"));
    assert.deepEqual([again.outcome, again.answers.previousQuoteId], ["quoted", first.answers.quoteId]);
    assert.equal((await run("resumeQuote", again.answers)).outcome, "resumed");
    // The same quote is reused by the quote start, with its token.
    const reused = await run("startQuote", again.answers);
    assert.equal(reused.answers.quoteId, first.answers.quoteId);
    const neighbour = { ...visitor("6145558903", "5573 Muirfield Drive"), customerEmail: "neighbour@example.com" };
    const other = await run("checkPreviousQuote", neighbour);
    assert.equal(other.outcome, "none");
    assert.notEqual((await run("startQuote", neighbour)).answers.quoteId, first.answers.quoteId);
  });

  test("this device's cache keeps the token beside the id (the cookie only the id), and the quote start reuses it", async () => {
    const jar: string[] = [];
    const doc = {} as { cookie: string };
    Object.defineProperty(doc, "cookie", { get: () => jar.map((c) => c.split(";")[0]).join("; "), set: (c: string) => void jar.push(c) });
    const store = memoryStore();
    const quotes = createQuoteMemory({ store, companyId: "greenway-lawn", localCache: true, cookies: true, doc });
    const answers = visitor("6145558904", "5575 Muirfield Drive");
    const first = await run("startQuote", answers, deps(quotes));
    const token = first.answers.quoteToken!;
    assert.equal(quotes.token("5575 muirfield drive", "43017"), token);
    assert.ok(!jar.some((cookie) => cookie.includes(token)), "the token never goes in a cookie");
    // A later visit at the same address on this device: the same quote, found and reused.
    const later = await run("startQuote", answers, deps(quotes));
    assert.equal(later.answers.quoteId, first.answers.quoteId);
  });
});
