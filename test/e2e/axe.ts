// axe-core in the test page, scoped to the widget: the e2e files' one accessibility check.
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: unknown }>;
}

/** Serious and critical violations inside the widget (cross-origin frames are the tool's own). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run({ include: [["quote-assistant"]] }, { resultTypes: ["violations"], iframes: false });
    return result.violations;
  });
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  return [...serious, ...(await duplicateLandmarks(page))];
}

/** Landmarks that the widget would give the page twice: rules that only a page-wide run sees. */
const LANDMARK_RULES = ["landmark-no-duplicate-banner", "landmark-no-duplicate-contentinfo", "landmark-no-duplicate-main", "landmark-unique"];

/**
 * The page-wide landmark rules' violations (axe rates them moderate, and a run scoped to the
 * widget cannot see the page's own banner beside ours): one banner, one main, one contentinfo.
 */
export async function duplicateLandmarks(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "rule", values: rules }, resultTypes: ["violations"], iframes: false });
    return result.violations;
  }, LANDMARK_RULES);
  return violations.map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
