// A provider's base URL from the environment (REGRID_API_BASE, MAPBOX_API_BASE, …): the
// default when unset, else an http(s) URL without trailing slashes. Anything else stops
// start-up with the variable's name (a ConfigError, as every provider setting's).
export class ProviderConfigError extends Error {
  override name = "ConfigError";
}

export function baseUrlFromEnv(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ProviderConfigError(`${name}: "${raw}" must be http(s)`);
  return raw.replace(/\/+$/, "");
}
