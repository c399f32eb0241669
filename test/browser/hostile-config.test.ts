// A company configuration whose URLs are hostile (data:, javascript:, http://, look-alike
// hosts), in real Chromium: the widget still starts with the rest of the configuration, names
// each refused field in the console, and loads nothing from them; and the script loader the
// payment adapters use refuses such URLs itself (the "quote-assistant" Trusted Types policy),
// adding no <script> and running nothing.
import { loadScriptOnce } from "../../src/payments/load-script.ts";
import { loadStripeJs } from "../../src/payments/stripe-loader.ts";
import { assert, assertEqual, cleanup, loadBundle, mount, root, waitForButtons } from "./helpers.ts";

type Marked = Window & { __qaPwned?: string };

let logged: string[] = [];
const originalError = console.error;
beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
});
afterEach(() => {
  console.error = originalError;
  cleanup();
});

const HOSTILE_PREFIXES = ["data:", "javascript:", "http://evil.test", "https://realgreen.com.evil.test"];
const hostileScripts = () => [...document.querySelectorAll("script")].filter((s) => HOSTILE_PREFIXES.some((p) => s.src.startsWith(p)));

async function evilPort(): Promise<string> {
  const origins = (await (await fetch("/test-origins.json")).json()) as { allowed: string };
  return new URL(origins.allowed).port;
}

describe("a configuration with hostile URLs", () => {
  it("starts the chat without them, names each field in the console and adds no script", async () => {
    await loadBundle();
    const el = mount({ company: "hostile-co", bot: "b1", open: "" });
    const buttons = await waitForButtons(el);
    assertEqual(buttons.map((b) => b.textContent), ["Let's Get Started", "Learn More"], "the rest of the configuration works");
    for (const field of [
      "companyLogo",
      "companyTeamPic",
      "redirectUrl",
      "crmPortalUrl",
      "measuringToolUrl",
      "payments.stripe.scriptUrl",
      "payments.cardVault.productionScriptUrl",
      "payments.cardVault.sandboxScriptUrl",
      "payments.crmPaymentFrameUrl",
    ]) {
      assert(logged.some((line) => line.startsWith(`[quote-assistant] configuration error: ${field} `)), `${field} named: ${logged.join(" | ")}`);
    }
    assert(!root(el).querySelector("img[src^='javascript:'], img[src^='data:']"), "no hostile picture");
    assertEqual(hostileScripts().map((s) => s.src), [], "no hostile <script>");
    assertEqual((window as Marked).__qaPwned, undefined, "nothing ran");
  });
});

describe("the payment script loader", () => {
  it("refuses data:, javascript:, another host's http and look-alike hosts: no <script>, nothing runs", async () => {
    const port = await evilPort();
    const urls = [
      "data:text/javascript,window.__qaPwned='data'",
      "javascript:window.__qaPwned='javascript'",
      // Served, and would set the mark, if it were ever loaded.
      `http://evil.test:${location.port}/test/browser/fixtures/pwn.js`,
      `http://localhost.evil.test:${location.port}/test/browser/fixtures/pwn.js`,
      `http://evil.test:${port}/emitter.js`,
      "https://js.stripe.com.evil.test/v3",
      "https://js.stripe.com@evil.test/v3",
    ];
    // Every <script> added meanwhile, even one added and removed again (as a failed load's is).
    const added: string[] = [];
    const note = (records: MutationRecord[]) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLScriptElement) added.push(node.src);
    };
    const observer = new MutationObserver(note);
    observer.observe(document, { childList: true, subtree: true });
    for (const url of urls) {
      let refused = false;
      await loadScriptOnce(url, () => false).catch(() => (refused = true));
      assert(refused, `${url} refused`);
      assertEqual(hostileScripts().map((s) => s.src), [], `no <script> for ${url}`);
    }
    let stripeRefused = false;
    await loadStripeJs("pk_test_hostile", "data:text/javascript,window.__qaPwned='stripe'").catch(() => (stripeRefused = true));
    assert(stripeRefused, "Stripe.js from a data: URL refused");
    note(observer.takeRecords());
    observer.disconnect();
    // No hostile <script> was ever added: nothing of theirs can run, now or later.
    assertEqual(added.filter((src) => HOSTILE_PREFIXES.some((p) => src.startsWith(p))), [], "no hostile <script> added, ever");
    assertEqual(hostileScripts().map((s) => s.src), [], "no hostile <script>");
    assertEqual((window as Marked).__qaPwned, undefined, "nothing ran");
  });

  it("still loads our own files, from the widget's directory", async () => {
    const url = new URL("/dist/quote-assistant-quote.js", location.href).href;
    let checks = 0;
    await loadScriptOnce(url, () => checks++ > 0);
    assert([...document.querySelectorAll("script")].some((s) => s.src === url), "the chunk's <script> was added");
  });
});
