// The widget on host pages that changed the JavaScript it runs in, as real company websites
// do: old libraries extending the built-in prototypes, a replaced JSON.stringify, a naive fetch
// wrapper. Each page's scripts run before the loader; the visitor must still reach a priced
// quote, and the page must see no error from us.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pickPrograms, saw } from "./chat.ts";
import { useDemoSite, watchErrors } from "./harness.ts";
import { POLLUTED_PROTOTYPE } from "./hostile-scripts.ts";
import { summary, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();

/** What the page's own scripts do before our loader runs (each as its old library did it). */
const HOSTILE_PAGES: Array<{ kind: string; script: string; phone: string; address: string; path?: string }> = [
  {
    kind: "enumerable properties on Object.prototype (plain assignment)",
    script: `Object.prototype.foo = function () { return "foo"; };
      Object.prototype.extend = function (source) { for (var k in source) this[k] = source[k]; return this; };
      Object.prototype.$family = function () { return "object"; };`,
    phone: "5555551101",
    address: "122 Muirfield Drive",
  },
  {
    kind: "enumerable values that are not functions on Object.prototype (Prototype.js era: 'Getter must be a function')",
    script: POLLUTED_PROTOTYPE,
    phone: "5555551109",
    address: "2878 Bristol Parkway",
  },
  {
    kind: "MooTools-style extensions of Array, String, Function and Number prototypes",
    script: `Array.prototype.each = function (fn) { for (var i = 0; i < this.length; i++) fn(this[i], i); };
      Array.prototype.contains = function (item) { return this.indexOf(item) !== -1; };
      Array.prototype.$family = function () { return "array"; };
      String.prototype.capitalize = function () { return this.replace(/\\b[a-z]/g, function (c) { return c.toUpperCase(); }); };
      String.prototype.contains = function (s) { return this.indexOf(s) !== -1; };
      Function.prototype.pass = function (args) { var fn = this; return function () { return fn.apply(null, args); }; };
      Function.prototype.delay = function (ms) { return setTimeout(this, ms); };
      Number.prototype.times = function (fn) { for (var i = 0; i < this; i++) fn(i); };`,
    phone: "5555551102",
    address: "1244 Muirfield Drive",
  },
  {
    kind: "Prototype.js toJSON: arrays stringify to a string",
    script: `Array.prototype.toJSON = function () {
        var parts = [];
        for (var i = 0; i < this.length; i++) parts.push(JSON.stringify(this[i]));
        return "[" + parts.join(", ") + "]";
      };
      String.prototype.toJSON = function () { return '"' + this + '"'; };`,
    phone: "5555551103",
    address: "2880 Muirfield Drive",
  },
  {
    kind: "a wrapped JSON.stringify that changes undefined into null and indents",
    script: `(function () {
        var original = JSON.stringify;
        JSON.stringify = function (value, replacer, space) {
          return original.call(JSON, value, replacer || function (key, v) { return v === undefined ? null : v; }, space || 1);
        };
      })();`,
    phone: "5555551104",
    address: "5571 Muirfield Drive",
  },
  {
    kind: "a naive fetch wrapper that keeps only the URL of a Request",
    script: `(function () {
        var f = window.fetch;
        window.fetch = function (input, init) { return f(input.url || input, init); };
      })();`,
    phone: "5555551105",
    address: "118 Coffman Park Drive",
  },
  {
    kind: "a page that registered its own <quote-assistant> element first",
    script: `customElements.define("quote-assistant", class extends HTMLElement {});`,
    phone: "5555551107",
    address: "120 Bristol Parkway",
  },
  {
    kind: "the snippet pasted three times and the bundle's own tag twice",
    script: "",
    path: "/copies.html",
    phone: "5555551108",
    address: "1242 Bristol Parkway",
  },
];


/** A new visitor's Grub Control quote (no probing questions) on a page running `script` first: GET STARTED TODAY. */
async function quoteOnHostilePage(script: string, phone: string, address: string, path?: string): Promise<string> {
  const page = await e2e.newPage();
  const errors = watchErrors(page);
  await page.addInitScript({ content: script });
  const chat = await toPicker(page, e2e.site.urls.host, {
    company: "demo-company",
    bot: "demo-bot",
    phone,
    search: address,
    label: `${address}, Dublin, OH 43016, USA`, // an address of the demo address book
    ...(path ? { path } : {}),
  });
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  await saw(chat, "Calculating your custom quote...");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  const today = (await summary(modal))["GET STARTED TODAY"] ?? "";
  assert.deepEqual(errors.pageErrors, [], "the host page saw no uncaught error or unhandled rejection");
  assert.deepEqual(errors.consoleErrors.filter((text) => text.includes("quote-assistant")), [], "the widget logged no failure");
  return today;
}

// Grub Control on 6,000 sq ft at demo-company, as the clean page below prices it.
const CLEAN_TODAY = "$68.90";

describe("hostile host pages: the visitor still reaches a priced quote", () => {
  test("a clean page (the reference price)", async () => {
    assert.equal(await quoteOnHostilePage("", "5555551100", "2876 Coffman Park Drive"), CLEAN_TODAY);
  });

  for (const { kind, script, phone, address, path } of HOSTILE_PAGES) {
    test(kind, async () => {
      assert.equal(await quoteOnHostilePage(script, phone, address, path), CLEAN_TODAY);
    });
  }

  test("all of them on one page", async () => {
    const everything = HOSTILE_PAGES.map((page) => page.script).join("\n");
    assert.equal(await quoteOnHostilePage(everything, "5555551106", "1240 Coffman Park Drive"), CLEAN_TODAY);
  });
});
