// Chromium for the end-to-end tests, apart from any site: launched as every test launches it,
// and the bot's pace quickened in the test's browser (harness.ts explains why). Tests of the
// production entry use it without loading the demo site.
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

/** The bot delay the journeys run at: short, but the typing indicator still shows. */
export const TEST_BOT_SPEED_MS = 150;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The configuration calls (GET /v1/company/:company/bot/:bot, .../onboarding). */
const CONFIGURATION_CALL = /\/v1\/company\/[^/]+\/(bot\/[^/?]+|onboarding)(\?|$)/;

/** Answers the widget's configuration calls with the company's configuration at a quick pace. */
export async function quickenTheBot(context: BrowserContext): Promise<void> {
  await context.route(CONFIGURATION_CALL, async (route) => {
    // A page closed (or a test ended) while the call was in flight: the request is simply gone,
    // as it would be in a browser, not an unhandled rejection that fails the whole file.
    let response: Awaited<ReturnType<typeof route.fetch>>;
    try {
      response = await route.fetch();
    } catch {
      return route.abort().catch(() => undefined);
    }
    const config = response.ok() ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
    const json = config && typeof config === "object" && !Array.isArray(config) ? config : null;
    const configured = json && typeof json.botSpeed === "number" ? json.botSpeed : Infinity;
    await route
      .fulfill(json ? { response, json: { ...json, botSpeed: Math.min(configured, TEST_BOT_SPEED_MS) } } : { response })
      .catch(() => undefined);
  });
}
