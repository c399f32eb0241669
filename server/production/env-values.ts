// Settings read from the environment by the production entry (serve.ts): a bad value stops
// start-up with ConfigError naming the setting.

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function intFrom(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name}=${raw}: must be a whole number from ${min} to ${max}`);
  return value;
}

export function originFrom(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigError(`${name}: "${raw}" must be http(s)`);
  return url.origin;
}
