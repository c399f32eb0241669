// Ad attribution read from the host page when the chat first opens: UTM tags and ad click ids
// of its URL, the referrer and the landing page. Anything malformed is dropped, never an
// error; the landing page and referrer keep origin and path only (a query may carry the
// visitor's own details, e.g. customerEmail).

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export const CLICK_ID_KEYS = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid"] as const;

export type Attribution = Partial<Record<(typeof UTM_KEYS)[number] | (typeof CLICK_ID_KEYS)[number] | "referrer" | "landingPage", string>>;

/** UTM values are cut to this length; click ids and URLs longer than theirs are dropped (cut, they would be wrong). */
export const UTM_MAX = 150;
export const CLICK_ID_MAX = 300;
export const URL_MAX = 500;

const CLICK_ID = /^[\w.~-]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

/** origin + path of an http(s) URL, or undefined. */
function pageOf(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    const page = url.origin + url.pathname;
    return /^https?:$/.test(url.protocol) && page.length <= URL_MAX ? page : undefined;
  } catch {
    return undefined;
  }
}

/** The attribution of one page view: `href` is the host page's URL, `referrer` document.referrer. */
export function parseAttribution(href: string, referrer: string): Attribution {
  const found: Attribution = {};
  const landingPage = pageOf(href);
  if (!landingPage) return found;
  found.landingPage = landingPage;
  const query = new URL(href).searchParams;
  for (const key of UTM_KEYS) {
    // A repeated parameter: the first one counts (URLSearchParams.get).
    const value = query.get(key)?.trim();
    if (value && !CONTROL.test(value)) found[key] = value.slice(0, UTM_MAX);
  }
  for (const key of CLICK_ID_KEYS) {
    const value = query.get(key)?.trim();
    if (value && value.length <= CLICK_ID_MAX && CLICK_ID.test(value)) found[key] = value;
  }
  const from = pageOf(referrer);
  // A referrer on the page's own site is a click inside it, not where the visitor came from.
  if (from && new URL(from).origin !== new URL(landingPage).origin) found.referrer = from;
  return found;
}
