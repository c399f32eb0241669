// Finds a visitor's quote again for the same address (SPEC §4 'Quote start'): a 14-day cookie
// and a local cache, both keyed by a hex hash of the lower-cased address plus zip. Only the
// id is kept, and in the local cache the quote's token, which POST /v1/quote/details asks for
// (never in the cookie, which goes to the host's server); the server holds the quote (Safari
// drops script storage after 7 idle days).
import { readRecord, writeRecord, type KeyValueStore } from "./safe-storage.ts";

const VERSION = 1;
const COOKIE_DAYS = 14;

/** FNV-1a, 32 bits, as 8 hex digits: a stable, short, non-reversible key for an address. */
export function addressKey(street: string, zip: string): string {
  const norm = (part: string) => part.toLowerCase().replace(/\s+/g, " ").trim();
  const text = `${norm(street)}|${norm(zip)}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

export interface QuoteMemoryOptions {
  store: KeyValueStore;
  companyId: string;
  /** onboarding: no local caching. */
  localCache: boolean;
  /** cookiesDisabled, or no consent to storage (./consent.ts): no cookie. */
  cookies: boolean | (() => boolean);
  doc?: Pick<Document, "cookie"> & { location?: Pick<Location, "protocol"> };
}

const isId = (data: unknown): data is string => typeof data === "string" && /^[\w-]{1,100}$/.test(data);
/** The cache holds the id alone (earlier releases), or the id with its token. */
type Cached = string | { id: string; token: string };
const isCached = (data: unknown): data is Cached =>
  isId(data) || (typeof data === "object" && data !== null && isId((data as { id?: unknown }).id) && isId((data as { token?: unknown }).token));

export function createQuoteMemory(options: QuoteMemoryOptions) {
  const { store, companyId } = options;
  const doc = options.doc ?? (typeof document === "undefined" ? undefined : document);
  const cookieName = (key: string) => `qa_quote_${encodeURIComponent(companyId)}_${key}`;
  const cacheKey = (key: string) => `qa:quote:${companyId}:${key}`;
  const cookies = () => (typeof options.cookies === "function" ? options.cookies() : options.cookies);

  return {
    find(street: string, zip: string): string | null {
      const key = addressKey(street, zip);
      if (cookies() && doc) {
        try {
          const match = doc.cookie.split("; ").find((c) => c.startsWith(`${cookieName(key)}=`));
          const id = match ? decodeURIComponent(match.slice(match.indexOf("=") + 1)) : null;
          if (id && isId(id)) return id;
        } catch {
          // Cookies blocked: the local cache may still know.
        }
      }
      const cached = options.localCache ? readRecord(store, cacheKey(key), VERSION, isCached, true) : null;
      return cached === null ? null : typeof cached === "string" ? cached : cached.id;
    },
    /** The token of the quote find() gives for this address, when this device has it. */
    token(street: string, zip: string): string | undefined {
      const id = this.find(street, zip);
      const cached = options.localCache ? readRecord(store, cacheKey(addressKey(street, zip)), VERSION, isCached, true) : null;
      return id !== null && cached !== null && typeof cached === "object" && cached.id === id ? cached.token : undefined;
    },
    remember(street: string, zip: string, quoteId: string, token?: string): void {
      if (!isId(quoteId)) return;
      const key = addressKey(street, zip);
      if (cookies() && doc) {
        try {
          const secure = doc.location?.protocol === "https:" ? "; Secure" : "";
          doc.cookie = `${cookieName(key)}=${encodeURIComponent(quoteId)}; Max-Age=${COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
        } catch {
          // Cookies blocked.
        }
      }
      if (options.localCache) writeRecord(store, cacheKey(key), VERSION, token && isId(token) ? { id: quoteId, token } : quoteId);
    },
  };
}

export type QuoteMemory = ReturnType<typeof createQuoteMemory>;
