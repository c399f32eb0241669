// The rules for every URL a company's configuration can make the widget load or open. The
// configuration is the untrusted party: a URL that breaks a rule is dropped (that feature is
// off), never loaded. Pure: the caller says whether development origins are allowed.

/**
 * Where each provider's script or frame may come from, per environment (isLive picks
 * production). Exact host names, https on the default port; a host ending in "." + a listed
 * `domain` counts as the provider's own (Real Green serves its frame from its subdomains).
 *
 * - Stripe serves Stripe.js from js.stripe.com only, for live and test keys alike.
 * - The card vault ("{product}-credit-card-vault") and Real Green's payment frame have no
 *   public host in SPEC §3; these are the hosts we declare for them. A new provider (or host)
 *   is added here, reviewed, and shipped: never taken from the configuration.
 */
export const PROVIDER_HOSTS = {
  stripe: { production: ["js.stripe.com"], sandbox: ["js.stripe.com"] },
  // Placeholders (reserved .example names) until the vault provider's contract names its hosts.
  cardVault: { production: ["secure.card-vault.example"], sandbox: ["sandbox.card-vault.example"] },
  crmPaymentFrame: { production: ["realgreen.com"], sandbox: ["realgreen.com"], domain: true },
} as const satisfies Record<string, { production: readonly string[]; sandbox: readonly string[]; domain?: boolean }>;

export type Provider = keyof typeof PROVIDER_HOSTS;

/**
 * The script hosts above (Stripe, the card vault) as one pattern on a raw URL string, for the
 * Trusted Types policy in the loader, where every byte counts; a unit test holds it to the
 * table. The host must be followed by "/": no port, no user name ("js.stripe.com@evil.test"),
 * no longer host ("js.stripe.com.evil.test"). The configuration's URLs arrive normalised.
 */
export const PROVIDER_SCRIPT_URL = /^https:\/\/(js\.stripe\.com|(secure|sandbox)\.card-vault\.example)\//;

/**
 * aboutUsVideo (issue 13): a video file (played in a <video>), or a page of a video service's
 * embed player (in a sandboxed frame). No other page is framed in the chat.
 */
export const VIDEO_PLAYER_HOSTS = ["www.youtube-nocookie.com", "www.youtube.com", "player.vimeo.com", "fast.wistia.net"];
export const VIDEO_FILE = /\.(mp4|webm|ogv)$/i;

/**
 * What a URL is for: any https URL for pictures, the measuring tool and navigation; a video
 * file or a video player for the company's video; a provider's own host for its scripts and frame.
 */
export type UrlUse =
  | { kind: "https" }
  | { kind: "video" }
  | { kind: "provider"; provider: Provider; environment: "production" | "sandbox" | "any" };

export interface UrlRules {
  /**
   * Also allow http(s) on this machine (localhost, 127.0.0.1, [::1]), for every use: the demo
   * site's stand-ins. Set by the host page, never by the configuration.
   */
  devOrigins: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const MAX_LENGTH = 2048;
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export function isLoopbackUrl(url: URL): boolean {
  return (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK_HOSTS.includes(url.hostname);
}

function providerHosts(provider: Provider, environment: "production" | "sandbox" | "any"): readonly string[] {
  const hosts = PROVIDER_HOSTS[provider];
  return environment === "any" ? [...hosts.production, ...hosts.sandbox] : hosts[environment];
}

/** A provider's own host: listed exactly, or (for a `domain` provider) a subdomain of one. */
export function isProviderHost(hostname: string, provider: Provider, environment: "production" | "sandbox" | "any" = "any"): boolean {
  const asDomain = "domain" in PROVIDER_HOSTS[provider];
  return providerHosts(provider, environment).some((host) => hostname === host || (asDomain && hostname.endsWith(`.${host}`)));
}

/** Checks one URL from the configuration; the normalised URL when it may be used. */
export function checkUrl(raw: unknown, use: UrlUse, rules: UrlRules): UrlCheck {
  if (typeof raw !== "string" || raw === "") return { ok: false, reason: "is not a URL" };
  if (raw.length > MAX_LENGTH) return { ok: false, reason: "is too long" };
  // The URL parser strips some whitespace and control characters silently: refuse them instead.
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return { ok: false, reason: "contains whitespace, control characters or a backslash" };
  let url: URL;
  try {
    // No base: a relative or protocol-relative URL ("//host/x") is refused, not resolved.
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "is not an absolute URL" };
  }
  if (url.username || url.password) return { ok: false, reason: "must not carry a user name or password" };
  if (rules.devOrigins && isLoopbackUrl(url)) return { ok: true, url: url.href };
  if (url.protocol !== "https:") return { ok: false, reason: "must be https" };
  if (use.kind === "video" && !VIDEO_FILE.test(url.pathname) && (url.port !== "" || !VIDEO_PLAYER_HOSTS.includes(url.hostname))) {
    return { ok: false, reason: `must be a video file (.mp4, .webm, .ogv) or a video player (${VIDEO_PLAYER_HOSTS.join(", ")})` };
  }
  if (use.kind === "provider" && (url.port !== "" || !isProviderHost(url.hostname, use.provider, use.environment))) {
    return { ok: false, reason: `must be on ${use.provider}'s own host (${providerHosts(use.provider, use.environment).join(", ")})` };
  }
  return { ok: true, url: url.href };
}
