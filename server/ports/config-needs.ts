// What a company's configuration needs of the server's ports (issue 28): a lookup estimate
// source (zillow, other, home) needs property data that answers it. A configuration that
// needs a port that is off is an error the operator sees (the start-up log, the admin API's
// answer), and the company's visitors get the fallback: the configuration is served with
// sqftEstimateSource "measur-it", so they measure with the tool or type their size instead of
// ending at 'manual review' for every address.
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

/** The configuration as visitors get it: a lookup source this server cannot answer becomes "measur-it". */
export function configForVisitors(configJson: string, ports: Pick<Ports, "propertyData">): string {
  const config: unknown = JSON.parse(configJson);
  if (configurationErrors(config, ports).length === 0) return configJson;
  return JSON.stringify({ ...(config as Record<string, unknown>), sqftEstimateSource: "measur-it" });
}
