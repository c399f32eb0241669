// What a company's configuration needs of the server's ports (issue 28): a lookup estimate
// source (zillow, other, home) needs property data that answers it. A configuration that
// needs a port that is off is an error the operator sees (the start-up log, the admin API's
// answer), and the company's visitors get the fallback: the configuration is served with
// sqftEstimateSource "measur-it", so they measure with the tool or type their size instead of
// ending at 'manual review' for every address. Texts (issue 34): the served configuration
// says whether the phone's step shows the consent box, and how many texts it names.
import { followUpsOf, textsInSchedule } from "../../src/config/follow-ups.ts";
import type { Ports } from "./ports.ts";

const LOOKUP_SOURCES = new Set(["zillow", "other", "home"]);

function estimateSourceOf(config: unknown): string | undefined {
  if (typeof config !== "object" || config === null) return undefined;
  const source = (config as { sqftEstimateSource?: unknown }).sqftEstimateSource;
  return typeof source === "string" ? source : undefined;
}

/** The configuration's needs that this server's ports do not meet, as sentences; [] when none. */
export function configurationErrors(config: unknown, ports: Pick<Ports, "propertyData">): string[] {
  const source = estimateSourceOf(config);
  if (!source || !LOOKUP_SOURCES.has(source) || ports.propertyData.sources.has(source as "zillow")) return [];
  return [
    `sqftEstimateSource "${source}" needs property data for "${source}", which is off on this server (set REGRID_API_TOKEN for zillow and other); visitors measure with the tool or type their size`,
  ];
}

/** Whether the configuration measures (measur-it, or zillow falling back to the tool) with no tool of its own. */
function wantsOurTool(config: Record<string, unknown>): boolean {
  const measures = config.sqftEstimateSource === "measur-it" || (config.sqftEstimateSource === "zillow" && config.zillowFallback === true);
  return measures && (typeof config.measuringToolUrl !== "string" || config.measuringToolUrl.trim() === "");
}

/**
 * How many follow-up texts the consent box names (issue 34): the bot's schedule's texts when
 * this server sends texts; 0 (no box) when texts are off, the schedule sends none or is off,
 * or the schedule is invalid (the operator sees that error where the schedule is edited).
 */
export function consentTexts(config: unknown, ports: Pick<Ports, "sms">): number {
  if (!ports.sms.live) return 0;
  const followUps = followUpsOf(config);
  return "error" in followUps ? 0 : textsInSchedule(followUps);
}

/**
 * The configuration as visitors get it: a lookup source this server cannot answer becomes
 * "measur-it"; a company that measures with no tool of its own gets ours (`ourToolUrl`, set
 * when this server has satellite imagery: issue 33). A company's own tool URL is kept. A bot
 * that texts gets `textConsent: { texts }` (the consent box, issue 34), set here only: one a
 * stored configuration carries is dropped.
 */
export function configForVisitors(configJson: string, ports: Pick<Ports, "propertyData" | "sms">, ourToolUrl?: string): string {
  const config: unknown = JSON.parse(configJson);
  const unmet = configurationErrors(config, ports).length > 0;
  if (typeof config !== "object" || config === null) return configJson;
  const served: Record<string, unknown> = unmet ? { ...config, sqftEstimateSource: "measur-it" } : { ...config };
  const withTool = ourToolUrl && wantsOurTool(served);
  if (withTool) served.measuringToolUrl = ourToolUrl;
  const texts = consentTexts(config, ports);
  const consentChanged = texts > 0 || Object.hasOwn(served, "textConsent");
  delete served.textConsent;
  if (texts > 0) served.textConsent = { texts };
  return unmet || withTool || consentChanged ? JSON.stringify(served) : configJson;
}
