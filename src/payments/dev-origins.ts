// Whether the host page allows this machine's origins (http://localhost:…) for what the
// configuration names: the demo site's stand-ins. The page says so with
// <meta name="quote-assistant-dev-origins" content="loopback">. The page runs script already,
// so it may opt in; the company configuration (the untrusted party) cannot add a tag to it.
const DEV_META = 'meta[name="quote-assistant-dev-origins"][content="loopback"]';

export function devOriginsAllowed(doc: Document | undefined = globalThis.document): boolean {
  return !!doc?.querySelector(DEV_META);
}
