// The console as its staff reach it in the e2e files: the demo's mail sink, signing in by the
// e-mailed one-time link as the person would, and axe over the whole console page (the
// console's CSP refuses injected script tags, so axe goes in through the driver's evaluate).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { eventually } from "../eventually.ts";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** A message in the demo's mail sink. */
export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The demo site's origins this needs: the mail sink and the backend (the console's origin). */
interface ConsoleUrls {
  mail: string;
  widget: string;
}

/** Every message the mail sink holds. */
export const sunkMail = async (urls: ConsoleUrls): Promise<SunkMail[]> =>
  ((await (await fetch(`${urls.mail}/messages.json`)).json()) as { messages: SunkMail[] }).messages;

/** Signs in at the console: types the address, opens the newest link the mail sink got for it. */
export async function signInAtConsole(page: Page, urls: ConsoleUrls, email: string): Promise<void> {
  const before = (await sunkMail(urls)).filter((m) => m.to.includes(email)).length;
  await page.goto(`${urls.widget}/console/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await page.getByText(/a sign-in link is on its way/).waitFor();
  const mine = await eventually(`a new mail to ${email} in the mail sink`, async () => (await sunkMail(urls)).filter((m) => m.to.includes(email)), (m) => m.length > before, { timeoutMs: 20_000, everyMs: 200 });
  const link = /(http:\/\/\S+#sign-in=[\w-]+)/.exec(mine.at(-1)!.text)?.[1];
  assert.ok(link, `a sign-in link in the mail: ${mine.at(-1)!.text}`);
  await page.goto(link);
  await page.getByRole("heading", { name: "Inbox" }).waitFor();
}

/** Serious and critical axe violations on the whole console page. */
export async function consoleViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }> }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
