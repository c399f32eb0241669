// Every URL field of a company configuration and what it may point at (src/config/safe-url.ts).
// A field that breaks its rule is removed from the configuration and reported: that feature
// is off (no logo, no redirect, "payment is not set up"), the rest of the widget works. Pure.
import type { CompanyConfig } from "./config-schema.ts";
import { checkUrl, type UrlRules, type UrlUse } from "./safe-url.ts";

const HTTPS: UrlUse = { kind: "https" };

/** Top-level fields: pictures, the measuring tool, and where the visitor is sent (the video: below). */
const TOP_LEVEL_FIELDS = [
  "logo",
  "companyLogo",
  "companyAvatar",
  "valueAddImage",
  "companyTeamPic",
  "quoteModalImage",
  "botQuoteAnalyzingGif",
  "measuringToolUrl",
  "crmPortalUrl",
  "redirectUrl",
] as const satisfies readonly (keyof CompanyConfig)[];

export interface ConfigUrlProblem {
  /** The field's path, e.g. "payments.stripe.scriptUrl". */
  field: string;
  reason: string;
}

/** The configuration without the URLs it may not use, and why each one went. */
export function checkConfigUrls(config: CompanyConfig, rules: UrlRules): { config: CompanyConfig; problems: ConfigUrlProblem[] } {
  const problems: ConfigUrlProblem[] = [];
  const refused = new Set<unknown>();
  /** The URL to keep, or undefined (and a problem noted) when it breaks its rule. */
  const keep = (field: string, value: string | undefined, use: UrlUse): string | undefined => {
    if (value === undefined) return undefined;
    const check = checkUrl(value, use, rules);
    if (check.ok) return check.url;
    // companyLogo is logo when only logo was given: report the field the company wrote once.
    if (!refused.has(value)) problems.push({ field, reason: check.reason });
    refused.add(value);
    return undefined;
  };

  const checked: CompanyConfig = { ...config };
  for (const field of TOP_LEVEL_FIELDS) {
    const url = keep(field, config[field], HTTPS);
    if (url === undefined) delete checked[field];
    else checked[field] = url;
  }

  const video = keep("aboutUsVideo", config.aboutUsVideo, { kind: "video" });
  if (video === undefined) delete checked.aboutUsVideo;
  else checked.aboutUsVideo = video;

  const payments = config.payments;
  if (payments) {
    const { stripe, cardVault, crmPaymentFrameUrl, ...rest } = payments;
    const next: NonNullable<CompanyConfig["payments"]> = { ...rest };
    if (stripe) {
      const { scriptUrl, ...stripeRest } = stripe;
      const url = keep("payments.stripe.scriptUrl", scriptUrl, { kind: "provider", provider: "stripe", environment: "any" });
      next.stripe = url === undefined ? stripeRest : { ...stripeRest, scriptUrl: url };
    }
    if (cardVault) {
      const { productionScriptUrl, sandboxScriptUrl, ...vaultRest } = cardVault;
      const production = keep("payments.cardVault.productionScriptUrl", productionScriptUrl, { kind: "provider", provider: "cardVault", environment: "production" });
      const sandbox = keep("payments.cardVault.sandboxScriptUrl", sandboxScriptUrl, { kind: "provider", provider: "cardVault", environment: "sandbox" });
      next.cardVault = {
        ...vaultRest,
        ...(production === undefined ? {} : { productionScriptUrl: production }),
        ...(sandbox === undefined ? {} : { sandboxScriptUrl: sandbox }),
      };
    }
    const frame = keep("payments.crmPaymentFrameUrl", crmPaymentFrameUrl, { kind: "provider", provider: "crmPaymentFrame", environment: "any" });
    if (frame !== undefined) next.crmPaymentFrameUrl = frame;
    checked.payments = next;
  }
  return { config: checked, problems };
}

/** One console line per refused field: "[quote-assistant] configuration error: <field> …". */
export function describeUrlProblem(problem: ConfigUrlProblem): string {
  return `[quote-assistant] configuration error: ${problem.field} ${problem.reason}; it is ignored`;
}
