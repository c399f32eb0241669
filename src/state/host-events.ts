// The host page's events in one typed map (name → payload; when each fires is documented on
// it and in the README's table), and the same funnel pushed to Google Analytics 4 when the
// page already has a dataLayer or gtag: the widget never loads Google's scripts itself.
/** A payment that went through, as the host page's 'purchase' event reports it. */
export interface CompletedSale {
  transactionId: string;
  /** Major units, as charged ("45.50"). */
  value: string;
  currency: string;
  paymentMethod: string;
}

export interface HostEventMap {
  /** The element has started (once per element). */
  ready: object;
  /** The chat window opened / closed. */
  open: object;
  close: object;
  /** The conversation reached a step: its id and its chapter (src/flow/steps/<chapter>.ts). */
  step: { stepId: string; chapter: string };
  /** POST /v1/quote/start answered: the quote exists on the backend. */
  quote_started: { quoteId: string };
  /** Contact details given (with the quote's start), or the objection flow's lead. */
  lead: { quoteId: string | null; kind: "contact" | "objection"; reason: string | null };
  /** The proposal showed prices: GET STARTED TODAY's value (decimal string) and currency. */
  quote_shown: { quoteId: string | null; value: string; currency: string };
  /** The visitor went on to checkout (the checkout step, or a first press on the pay button). */
  checkout_started: { quoteId: string | null; value: string; currency: string };
  /** A payment went through: value is exactly the amount charged ("45.50"). Once per transaction. */
  purchase: CompletedSale & { quoteId: string | null };
  /** A ServMan technician's time window was confirmed. */
  booking: { quoteId: string | null; orderId: string | null; date: string; window: string };
  /** A failure the visitor saw: the widget could not start, or a payment failed. */
  error: { where: "start" | "payment"; message: string };
}

export type HostEventName = keyof HostEventMap;

/** Every event, in the README's order. */
export const HOST_EVENTS = [
  "ready",
  "open",
  "close",
  "step",
  "quote_started",
  "lead",
  "quote_shown",
  "checkout_started",
  "purchase",
  "booking",
  "error",
] as const satisfies readonly HostEventName[];
// The list names every event of the map (tsc fails here otherwise).
const _everyEvent: Exclude<HostEventName, (typeof HOST_EVENTS)[number]> extends never ? true : never = true;
void _everyEvent;

export const isHostEventName = (name: unknown): name is HostEventName => HOST_EVENTS.includes(name as HostEventName);

/** GA4's recommended events where one exists; the others are quote_assistant_<name>. */
const GA4_NAMES: Partial<Record<HostEventName, string>> = { lead: "generate_lead", checkout_started: "begin_checkout", purchase: "purchase" };

/** The payload's names as GA4 parameters (the others keep their own). */
const GA4_PARAMS: Record<string, string> = {
  company: "quote_assistant_company",
  bot: "quote_assistant_bot",
  quoteId: "quote_id",
  stepId: "step_id",
  kind: "lead_source",
  paymentMethod: "payment_type",
  transactionId: "transaction_id",
  orderId: "order_id",
};

type Params = Record<string, unknown>;

/**
 * What GA4 receives for one event: its name and parameters (snake_case, nulls left out; a
 * money event's value as a number, with its currency and the quote as its one item).
 */
export function ga4Event(name: HostEventName, detail: Params): { event: string; params: Params } {
  const params: Params = {};
  for (const [key, value] of Object.entries(detail)) if (value != null) params[GA4_PARAMS[key] ?? key] = value;
  if (typeof detail.value === "string") {
    params.value = Number(detail.value);
    params.items = [{ item_id: detail.quoteId ?? detail.company, item_name: `Quote from ${String(detail.company)}`, price: params.value, quantity: 1 }];
  }
  return { event: GA4_NAMES[name] ?? `quote_assistant_${name}`, params };
}

interface AnalyticsWindow {
  dataLayer?: { push?: (...items: unknown[]) => unknown };
  gtag?: (...args: unknown[]) => unknown;
}

/**
 * Pushes one event to the page's gtag (which feeds its own dataLayer), else straight to its
 * dataLayer, money events in Google Tag Manager's `ecommerce` shape. A hostile page whose
 * dataLayer throws, or is not what it seems, costs the analytics only, never the widget.
 */
export function pushToAnalytics(page: object, name: HostEventName, detail: object): void {
  const win = page as AnalyticsWindow;
  try {
    const { event, params } = ga4Event(name, detail as Params);
    if (typeof win.gtag === "function") win.gtag("event", event, params);
    else if (params.items) win.dataLayer?.push?.({ ecommerce: null }, { event, ecommerce: params });
    else win.dataLayer?.push?.({ event, ...params });
  } catch (error) {
    console.warn("[quote-assistant] the page's analytics refused an event", error);
  }
}
