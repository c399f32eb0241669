// The production entry (`server/production/serve.ts`, as `npm run serve` starts it) for the e2e
// files that try it with its providers live against local fakes (production-providers.test.ts,
// production-imagery.test.ts): started configured by its environment alone on a SQLite file with
// the demo companies seeded, its JSON log kept; and a visitor on its hosted page whose every
// request and every text answer is recorded, so a test can say that no secret reached the page.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { quickenTheBot } from "./browser.ts";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
/** Stripe.js comes from Stripe (the seeded test key's processor): out of this machine's reach, refused at once. */
export const STRIPE_JS = "https://js.stripe.com";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface LogEntry {
  msg: string;
  [key: string]: unknown;
}

export interface ProductionEntry {
  base: string;
  /** The entry's JSON log lines so far. */
  log(): LogEntry[];
  /** Everything it printed, for a failure's message. */
  output(): string;
  close(): Promise<void>;
}

/** Starts the entry with `env` (and nothing inherited but PATH and HOME); resolves once it listens. */
export async function startProductionEntry(env: Record<string, string>): Promise<ProductionEntry> {
  const dir = mkdtempSync(join(tmpdir(), "qa-production-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/production/serve.ts"], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: join(dir, "serve.db"), SEED_DEMO: "1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const up = new Promise<void>((resolve) => {
    const check = () => (/"msg":"listening"/.test(output) ? resolve() : undefined);
    server.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      check();
    });
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.once("exit", () => resolve());
  });
  await up;
  assert.equal(server.exitCode, null, `the production entry ended:\n${output}`);
  return {
    base,
    output: () => output,
    log: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as LogEntry),
    async close() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Visitor {
  page: Page;
  chat: Locator;
  /** Every http(s) URL the page asked for, its frames' included. */
  requests: string[];
  /** The bodies of the text answers the page received (HTML, scripts, JSON). */
  texts: Promise<string>[];
  /** The bodies of the page's price calls (POST /v1/rtp/quote/services). */
  priced: Array<{ estimate: number; serviceTypes: string[] }>;
}

/** A new visitor on the entry's hosted page `path` (a desktop window), contact details prefilled (SPEC §2 'Route'). */
export async function visitHostedPage(browser: Browser, contexts: BrowserContext[], base: string, path: string, phone: string): Promise<Visitor> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await quickenTheBot(context);
  await context.route(`${STRIPE_JS}/**`, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const visitor: Visitor = { page, chat: page.getByRole("region", { name: "Sage" }), requests: [], texts: [], priced: [] };
  page.on("request", (request) => {
    if (/^https?:/.test(request.url())) visitor.requests.push(request.url());
    if (request.method() === "POST" && new URL(request.url()).pathname === "/v1/rtp/quote/services") visitor.priced.push(request.postDataJSON() as Visitor["priced"][number]);
  });
  page.on("response", (response) => {
    if (/text|json|javascript/.test(response.headers()["content-type"] ?? "")) visitor.texts.push(response.text().catch(() => ""));
  });
  const query = new URLSearchParams({ customerName: "Kim Lee", phonenumber: phone, customerEmail: "kim@example.com" });
  await page.goto(`${base}${path}?${query}`);
  return visitor;
}

/** None of `secrets` is in anything the page received or shows. */
export async function assertNoSecretShown(visitor: Visitor, secrets: Record<string, string>): Promise<void> {
  const shown = await visitor.page.evaluate(() => document.documentElement.outerHTML + (document.querySelector("quote-assistant")?.shadowRoot?.innerHTML ?? ""));
  for (const text of [shown, ...(await Promise.all(visitor.texts))]) {
    for (const [name, secret] of Object.entries(secrets)) assert.ok(!text.includes(secret), `${name} is in nothing the page has`);
  }
}
