// One visitor's journey, run in each browser engine (engine-chromium/-firefox/-webkit.test.ts)
// at a desktop and a phone size, through the engine-neutral tabs of engines.ts: the bubble, the
// chat opened by a real click, the address and the services, a priced proposal, a reload that
// resumes, a payment with the Stripe stand-in, and on the phone the keyboard open (the visual
// viewport shrunk, as iOS Safari does); then the other strict-CSP page, its chat opened. Every
// page is one of the demo site's CSP pages (/csp.html: origins only; /csp-strict.html: nonce,
// 'strict-dynamic' and Trusted Types), and not one violation or page error may be reported.
//
// The page is read and found in through `evaluate`: PAGE_HELPERS walks open shadow roots (the
// widget's and the loader's facade) and finds controls by their accessible name as the chat
// shows it (aria-label, else text). Clicks and keys are the driver's real input at the element's
// middle. Waits poll the page's state (every 100 ms) until it holds, never a fixed sleep.
// Over 300 lines on purpose: one journey that every engine's file runs, with the WebDriver helpers it alone uses beside it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DemoSite } from "../../demo-site/server.ts";
import { eventually } from "../eventually.ts";
import { launchEngine, type EngineName, type EngineSession, type Tab, type Viewport } from "./engines.ts";
import { startE2ESite } from "./harness.ts";
import { VISUAL_VIEWPORT_STAND_IN } from "./keyboard.ts";
import { OPEN_CHAT } from "./chat.ts";

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };
const KEYBOARD_PX = 336;
const WAIT_MS = 20_000;
/** The chat rebuilt from the server after a reload, on a busy machine. */
const AFTER_RELOAD_MS = 30_000;

/**
 * Collects what the page reports, in the page (WebKitWebDriver has no console log): CSP and
 * Trusted Types violations, uncaught errors and rejections. Before the page's scripts in
 * Chromium and Firefox; in WebKit from the load event on (its driver has no preload scripts),
 * which the idle warm-up and everything after the first click come after.
 */
export const PAGE_WATCH = `(() => {
  if (window.__qaSeen) return;
  const seen = (window.__qaSeen = { violations: [], errors: [] });
  document.addEventListener("securitypolicyviolation", (e) => seen.violations.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || "")));
  addEventListener("error", (e) => seen.errors.push(String(e.message || (e.target && e.target.src) || "error")), true);
  addEventListener("unhandledrejection", (e) => seen.errors.push("unhandled rejection: " + String(e.reason && e.reason.message || e.reason)));
})()`;

/** Finds across open shadow roots; names as the chat shows them. A string: the page runs it. */
const PAGE_HELPERS = `
  const roots = () => {
    const out = [document];
    for (let i = 0; i < out.length; i++) for (const el of out[i].querySelectorAll("*")) if (el.shadowRoot) out.push(el.shadowRoot);
    return out;
  };
  const all = (selector) => roots().flatMap((root) => [...root.querySelectorAll(selector)]);
  const squash = (text) => (text || "").replace(/\\s+/g, " ").trim();
  const nameOf = (el) => {
    if (el.tagName === "IFRAME") return squash(el.title);
    if (el.getAttribute("aria-label")) return squash(el.getAttribute("aria-label"));
    const by = el.getAttribute("aria-labelledby");
    if (by) return squash(by.split(" ").map((id) => el.getRootNode().getElementById?.(id)?.textContent ?? "").join(" "));
    if (el.id) {
      const label = el.getRootNode().querySelector?.('label[for="' + el.id + '"]');
      if (label) return squash(label.textContent);
    }
    const wrapping = el.closest("label");
    if (wrapping && wrapping !== el) return squash(wrapping.textContent);
    return squash(el.textContent);
  };
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && (!el.checkVisibility || el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
  };
  const matches = (el, name) => (name.startsWith("/") ? new RegExp(name.slice(1, -1)).test(nameOf(el)) : nameOf(el) === name);
  const find = (selector, name) => all(selector).filter((el) => shown(el) && matches(el, name)).pop() || null;
  const middle = (el) => {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const box = (el) => { const b = el.getBoundingClientRect(); return { x: b.x, y: b.y, width: b.width, height: b.height }; };
  const said = (pattern) => all("[role=log] .qa-msg").some((m) => pattern.test(squash(m.innerText || m.textContent)));
`;

const KINDS = {
  button: "button,[role=button]",
  field: "input,textarea,select,[role=combobox]",
  option: "[role=option]",
  dialog: "[role=dialog]",
  frame: "iframe",
} as const;
type Kind = keyof typeof KINDS;

/** The page's answer to `expression`, with PAGE_HELPERS in scope. */
export function ask<T>(tab: Tab, expression: string): Promise<T> {
  return tab.evaluate<T>(`(() => { ${PAGE_HELPERS}\n return (${expression}); })()`);
}

/** Polls `expression` (PAGE_HELPERS in scope) until it is truthy; its value. */
export function until<T>(tab: Tab, expression: string, what: string, timeoutMs = WAIT_MS): Promise<T> {
  // A page between two documents (a reload, a link) cannot answer: not yet, and said if it lasts.
  return eventually(`${tab.engine}: ${what}`, () => ask<T>(tab, expression), Boolean, { timeoutMs, everyMs: 100, errorsAreNotYet: true });
}

const nameLiteral = (name: string | RegExp) => JSON.stringify(typeof name === "string" ? name : `/${name.source}/`);

/** A real click in the middle of the (last shown) control of that kind and name. */
export async function press(tab: Tab, kind: Kind, name: string | RegExp): Promise<void> {
  const point = await until<{ x: number; y: number }>(tab, `(() => { const el = find(${JSON.stringify(KINDS[kind])}, ${nameLiteral(name)}); return el && !el.disabled && middle(el); })()`, `${kind} ${name}`);
  await tab.click(point.x, point.y);
}

export async function saw(tab: Tab, text: string | RegExp, timeoutMs = WAIT_MS): Promise<void> {
  const source = typeof text === "string" ? `(?:^|: )${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$` : text.source;
  await until(tab, `said(new RegExp(${JSON.stringify(source)}))`, `the chat to say ${text}`, timeoutMs);
}

/** Clicks the field, types, and presses Enter if asked. */
export async function typeInto(tab: Tab, label: string, text: string, enter = false): Promise<void> {
  await press(tab, "field", label);
  await until(tab, `(() => { const el = find(${JSON.stringify(KINDS.field)}, ${JSON.stringify(label)}); return el && el.getRootNode().activeElement === el; })()`, `${label} focused`);
  await tab.type(text);
  if (enter) await tab.press("Enter");
}

export async function report(tab: Tab): Promise<{ violations: string[]; errors: string[] }> {
  return (await tab.evaluate<{ violations: string[]; errors: string[] } | null>("window.__qaSeen || null")) ?? { violations: ["(the page watch was not installed)"], errors: [] };
}

async function assertClean(tab: Tab, where: string): Promise<void> {
  const seen = await report(tab);
  assert.deepEqual(seen.violations, [], `${tab.engine} ${where}: no CSP or Trusted Types violation`);
  assert.deepEqual(seen.errors, [], `${tab.engine} ${where}: no page error`);
}

export interface Visitor {
  phone: string;
  search: string;
  label: string;
}

/** The bubble painted, the bundle warmed at idle, then a real click on the bubble opens the chat. */
export async function openChatAt(tab: Tab, url: string): Promise<void> {
  await tab.goto(url);
  const bubble = await until<{ width: number; height: number }>(tab, `(() => { const el = find("button", ${JSON.stringify(OPEN_CHAT.en)}); return el && box(el); })()`, "the bubble");
  assert.ok(bubble.width >= 44 && bubble.height >= 44, `${tab.engine}: the bubble is a 44 px target at least (${bubble.width}x${bubble.height})`);
  // The idle warm-up: the bundle preloaded before any intent, which the page's CSP allowed.
  await until(tab, `performance.getEntriesByType("resource").some((e) => e.initiatorType === "link" && new URL(e.name).pathname.endsWith("/quote-assistant.js"))`, "the bundle's warm-up");
  await press(tab, "button", OPEN_CHAT.en);
  await until(tab, `!!find("[role=dialog]", "/.*/")`, "the chat window");
}

/** The visitor reaches a priced proposal, reloads on the way (the chat resumes), and pays. */
async function journey(tab: Tab, site: DemoSite, path: string, viewport: Viewport, visitor: Visitor): Promise<void> {
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: visitor.phone, customerEmail: "kim@example.com" });
  await openChatAt(tab, `${site.urls.host}${path}?${query}`);
  const chatBox = await ask<{ width: number; height: number }>(tab, `box(find("[role=dialog]", "/.*/"))`);
  // Rounded: WebKit lays out in 1/64 px (843.984 of 844).
  if (viewport === PHONE) assert.deepEqual([Math.round(chatBox.width), Math.round(chatBox.height)], [PHONE.width, PHONE.height], `${tab.engine}: the chat fills the phone's screen`);
  else assert.ok(chatBox.width < DESKTOP.width / 2 && chatBox.height > 300, `${tab.engine}: a window beside the page on a desktop (${chatBox.width}x${chatBox.height})`);
  await press(tab, "button", "Let's Get Started");

  if (viewport === PHONE) await keyboardOpen(tab);
  await typeInto(tab, "Search address", visitor.search);
  await press(tab, "option", visitor.label);
  await press(tab, "button", "No");
  const PICKER = "Which services would you like a quote for? Choose all that apply, then press Next.";
  await saw(tab, PICKER);

  // A reload: the chat opens where the visitor was.
  await tab.reload();
  // The chat opens where the visitor was: pressed open when it shows closed (a phone's chat
  // may reopen by itself, and a press while it does so closes it again: then pressed again).
  const PICKER_SAID = `said(new RegExp(${JSON.stringify(`(?:^|: )${PICKER.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)}))`;
  const resumedOrPressed = async () => {
    const state = await until<string>(tab, `(find("[role=dialog]", "/.*/") && (${PICKER_SAID} ? "resumed" : "open")) || (find("button", ${JSON.stringify(OPEN_CHAT.en)}) && "closed")`, "the bubble or the chat after the reload");
    // The bubble may be gone by the time it is pressed (the chat reopened over it): looked at again.
    if (state === "closed") await press(tab, "button", OPEN_CHAT.en).catch(() => undefined);
    return state;
  };
  await eventually(`${tab.engine}: the chat resumed at the program picker after the reload`, resumedOrPressed, (state) => state === "resumed", { timeoutMs: AFTER_RELOAD_MS, everyMs: 100 });
  await saw(tab, PICKER, AFTER_RELOAD_MS);

  await press(tab, "button", /^Grub Control/);
  await press(tab, "button", "Next");
  await until(tab, `!!find("[role=dialog]", "/Color in your lawn|Outline your property/")`, "the measuring tool");
  await press(tab, "button", "Close");
  await typeInto(tab, "Size in sq ft", "6000", true);
  await saw(tab, "Calculating your custom quote...");
  const prices = await shownPrices(tab);
  const today = prices["GET STARTED TODAY"];
  assert.match(today ?? "", /^\$\d+\.\d\d$/, `${tab.engine}: a price to pay today (${JSON.stringify(prices)})`);

  // A phone shows the proposal and the checkout one after the other.
  const CARD_FRAME = "Secure card number input frame";
  const step = await until<string>(tab, `(find("iframe", ${JSON.stringify(CARD_FRAME)}) && "card") || (find("button", "Checkout") && "proposal")`, "the card fields or Checkout");
  if (step === "proposal") await press(tab, "button", "Checkout");
  await fillCard(tab);
  await until(tab, `(() => { const el = find("button", "Sign Up"); return el && !el.disabled; })()`, "Sign Up to be enabled", 30_000);
  await press(tab, "button", "Sign Up");
  await saw(tab, /Congratulations, Kim! Your order is confirmed\./, 60_000);
  await assertClean(tab, path);
}

/**
 * The Stripe stand-in's three card fields, each in its own frame, filled as a visitor does: once
 * the form no longer says it is loading, each field clicked, and typed into when it has the focus
 * (keys typed into a frame that is still loading are lost, in a browser as for a person).
 */
async function fillCard(tab: Tab): Promise<void> {
  await until(tab, `!find("[role=status]", "Loading the secure card form…")`, "the card form loaded", 30_000);
  for (const [title, value] of [["Secure card number input frame", "4242424242424242"], ["Secure expiration date input frame", "1230"], ["Secure CVC input frame", "123"]] as const) {
    await press(tab, "frame", title);
    await until(tab, `(() => { const el = find("iframe", ${JSON.stringify(title)}); return el && el.getRootNode().activeElement === el; })()`, `${title} focused`);
    await tab.type(value);
  }
}

/** The summary's rows as shown, label → value. */
function shownPrices(tab: Tab, timeoutMs = WAIT_MS): Promise<Record<string, string>> {
  return until<Record<string, string>>(
    tab,
    `(() => {
      const rows = all(".qa-summary .qa-summary-row").filter(shown);
      if (!rows.length) return null;
      return Object.fromEntries(rows.map((row) => [squash(row.querySelector("dt").textContent), squash(row.querySelector("dd").textContent)]));
    })()`,
    "the quote's prices",
    timeoutMs,
  );
}

// The widget is live on the page while this runs: a message still arriving saves the chat
// again, and WebKit's indexedDB.databases() gave it the time to (CI, under load). The storage is
// erased once more after that wait; the goto that follows comes at once.
/** Everything script-written the page's origins keep here: what Safari erases after 7 days without a visit. */
const ERASE_STORAGE = `(async () => {
  const erase = () => {
    localStorage.clear();
    sessionStorage.clear();
  };
  erase();
  for (const cookie of document.cookie.split(";")) document.cookie = cookie.split("=")[0].trim() + "=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  if (indexedDB.databases) for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
  erase();
  return localStorage.length === 0 && sessionStorage.length === 0;
})()`;

/** The `lead` webhook's resume link for this phone, as the demo receiver got it. */
async function resumeLinkFor(site: DemoSite, phone: string): Promise<string> {
  const resumeLink = async () => {
    const received = (await (await fetch(`${site.urls.receiver}/received.json`)).json()) as { events: Array<{ type: string; payload: { data: { resumeUrl?: string; contact?: { phoneNumber: string } } } }> };
    return received.events.find((event) => event.type === "lead" && event.payload.data.contact?.phoneNumber === phone)?.payload.data.resumeUrl;
  };
  return (await eventually(`a lead with a resume link for ${phone} at the receiver`, resumeLink, Boolean, { timeoutMs: WAIT_MS, everyMs: 200 }))!;
}

/**
 * Safari's storage rule: script-written storage is erased after 7 days without a visit. The
 * storage is erased at each step of a journey, and the visitor comes back by the resume link of
 * the \`lead\` webhook (the company's e-mail): the server's copy of the conversation carries them on
 * to the step they left, with its prices, and on to a purchase.
 */
async function erasedAtEachStep(tab: Tab, site: DemoSite, visitor: Visitor): Promise<void> {
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: visitor.phone, customerEmail: "kim@example.com" });
  await openChatAt(tab, `${site.urls.host}/?${query}`);
  await press(tab, "button", "Let's Get Started");
  await typeInto(tab, "Search address", visitor.search);
  await press(tab, "option", visitor.label);
  await press(tab, "button", "No");
  const PICKER = "Which services would you like a quote for? Choose all that apply, then press Next.";
  await saw(tab, PICKER);
  const link = await resumeLinkFor(site, visitor.phone);

  const comeBack = async () => {
    assert.equal(await tab.evaluate(ERASE_STORAGE), true, `${tab.engine}: the page's storage is empty`);
    await tab.goto(link);
  };
  await comeBack();
  await saw(tab, PICKER, AFTER_RELOAD_MS);
  await press(tab, "button", /^Grub Control/);
  await press(tab, "button", "Next");
  await until(tab, `!!find("[role=dialog]", "/Color in your lawn|Outline your property/")`, "the measuring tool");
  await press(tab, "button", "Close");
  await typeInto(tab, "Size in sq ft", "6000", true);
  const priced = await shownPrices(tab);

  await comeBack();
  // The transcript is back, the last step offering the quote again.
  await saw(tab, "Here is your custom quote, Kim!", AFTER_RELOAD_MS);
  await press(tab, "button", "View My Quote");
  assert.deepEqual(await shownPrices(tab), priced, `${tab.engine}: the same proposal, from the server's copy`);
  await fillCard(tab);
  await until(tab, `(() => { const el = find("button", "Sign Up"); return el && !el.disabled; })()`, "Sign Up to be enabled", 30_000);
  await press(tab, "button", "Sign Up");
  await saw(tab, /Congratulations, Kim! Your order is confirmed\./, 60_000);

  await comeBack();
  await saw(tab, /Congratulations, Kim! Your order is confirmed\./, AFTER_RELOAD_MS);
  await assertClean(tab, "/ (storage erased at each step)");
}

/** The keyboard opens over the address field (iOS: the visual viewport shrinks, the layout does not). */
async function keyboardOpen(tab: Tab): Promise<void> {
  await press(tab, "field", "Search address");
  const visible = PHONE.height - KEYBOARD_PX;
  await tab.evaluate(`window.keyboard({ height: ${visible}, offsetTop: 0 }, "resize")`);
  const boxes = await until<{ chat: { y: number; height: number }; field: { y: number; height: number } }>(
    tab,
    `(() => {
      const chat = box(find("[role=dialog]", "/.*/")), field = box(find(${JSON.stringify(KINDS.field)}, "Search address"));
      return chat.y >= 0 && chat.y + chat.height <= ${visible} + 0.5 && field.y >= 0 && field.y + field.height <= ${visible} + 0.5 && { chat, field };
    })()`,
    "the chat and its field above the keyboard",
  );
  assert.equal(Math.round(boxes.chat.height), visible, `${tab.engine}: the window is the visible area above the keyboard`);
  await tab.evaluate(`window.keyboard({ height: ${PHONE.height}, offsetTop: 0 }, "resize")`);
  await until(tab, `Math.round(box(find("[role=dialog]", "/.*/")).height) === ${PHONE.height}`, "the window full screen again");
}

/** Registers the engine's tests: the journey at a desktop and a phone size, each on both CSP pages. */
export function engineJourneys(engine: EngineName, visitors: { desktop: Visitor; phone: Visitor; storageErased?: Visitor }): void {
  let site: DemoSite;
  let session: EngineSession;
  before(async () => {
    site = await startE2ESite();
    session = await launchEngine(engine);
  });
  after(async () => {
    await session?.close();
    await site?.close();
  });

  describe(`${engine}: a visitor's journey`, () => {
    for (const [size, viewport, path, other] of [
      ["desktop 1280x800", DESKTOP, "/csp-strict.html", "/csp.html"],
      ["phone 390x844", PHONE, "/csp.html", "/csp-strict.html"],
    ] as const) {
      test(`${size}: bubble, chat, a priced proposal, a reload that resumes, a payment${viewport === PHONE ? ", the keyboard open" : ""}; both CSP pages without a violation`, async () => {
        const tab = await session.newTab(viewport, viewport === PHONE ? [PAGE_WATCH, VISUAL_VIEWPORT_STAND_IN] : [PAGE_WATCH]);
        assert.deepEqual(await tab.viewport(), viewport);
        try {
          await journey(tab, site, path, viewport, viewport === PHONE ? visitors.phone : visitors.desktop);
        } catch (error) {
          if (process.env.QA_SHOTS) await tab.screenshot(`.scratch/${engine}-${viewport.width}-${Date.now()}.png`).catch(() => undefined);
          throw error;
        }
        await openChatAt(tab, `${site.urls.host}${other}?company=demo-company&bot=demo-bot`);
        // The warm-up comes at idle after the load: the bundle's preload is asked for, allowed.
        await assertClean(tab, other);
      });
    }
    const erased = visitors.storageErased;
    if (erased) {
      test("storage erased at each step (Safari's 7 days): the resume link and the server's copy carry the visitor on to a purchase", async () => {
        const tab = await session.newTab(DESKTOP, [PAGE_WATCH]);
        try {
          await erasedAtEachStep(tab, site, erased);
        } catch (error) {
          if (process.env.QA_SHOTS) await tab.screenshot(`.scratch/${engine}-erased-${Date.now()}.png`).catch(() => undefined);
          throw error;
        }
      });
    }
  });
}
