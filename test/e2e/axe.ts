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
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}
