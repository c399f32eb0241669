// SPEC §2 'Route': on a hosted page, company and bot come from the path's two segments;
// an empty path or index.html gets the built-in default pair.
export interface CompanyBot {
  company: string;
  bot: string;
}

export const DEFAULT_COMPANY_BOT: CompanyBot = { company: "demo-company", bot: "demo-bot" };

const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/** Returns the pair from the path, the default pair, or undefined for any other path. */
export function parseRoute(pathname: string): CompanyBot | undefined {
  const segments = pathname.split("/").filter(Boolean).map(safeDecode);
  if (segments.length === 0 || (segments.length === 1 && segments[0] === "index.html")) {
    return DEFAULT_COMPANY_BOT;
  }
  const [company, bot] = segments;
  if (segments.length === 2 && company && bot && SEGMENT.test(company) && SEGMENT.test(bot)) {
    return { company, bot };
  }
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
