// window.QuoteAssistant(command, ...args): the host page's API. The loader queues calls in
// `QuoteAssistant.q` before the bundle arrives; this replaces the stub and replays them.
import { HOST_EVENTS, isHostEventName } from "../state/host-events.ts";
import { widgetElements } from "./define-element.ts";
import { setStorageConsent } from "../storage/consent.ts";

type Handler = (detail: unknown) => void;

export interface HostApi {
  (command: string, ...args: unknown[]): void;
  loaded: true;
  q: unknown[][];
  /** Kept from the loader's stub: a loader owns the page's bubble, so later copies stand down. */
  facade?: boolean;
}

interface HostWindow {
  QuoteAssistant?: unknown;
}

const elements = () => widgetElements();

export function installHostApi(win: Window & HostWindow = window): HostApi {
  const existing = win.QuoteAssistant as Partial<HostApi> | undefined;
  if (existing?.loaded) return existing as HostApi;
  const queued = Array.isArray(existing?.q) ? existing.q : [];
  const handlers = new Map<string, Set<Handler>>();

  for (const name of HOST_EVENTS) {
    win.document.addEventListener(`quote-assistant:${name}`, (event) => {
      for (const handler of handlers.get(name) ?? []) {
        try {
          handler((event as CustomEvent).detail);
        } catch (error) {
          console.error(`[quote-assistant] a host page '${name}' handler threw`, error);
        }
      }
    });
  }

  /** `askedAt`: when a queued `open` was asked for (the loader's stub stamps it; clickTime sorts out anything odd). */
  function run(command: unknown, args: unknown[], askedAt?: unknown) {
    switch (command) {
      case "open":
        elements().forEach((el) => el.openChat(askedAt as number | undefined));
        return;
      case "close":
        elements().forEach((el) => el.closeChat());
        return;
      case "prefill":
        elements().forEach((el) => el.prefill(args[0]));
        return;
      case "consent":
        // Cookie banners: false keeps every widget on the page in memory only, true lets it store.
        if (typeof args[0] === "boolean") setStorageConsent(args[0]);
        else console.warn("[quote-assistant] 'consent' takes true or false");
        return;
      case "on":
      case "off": {
        const [name, handler] = args;
        if (!isHostEventName(name) || typeof handler !== "function") {
          console.warn(`[quote-assistant] '${command}' takes an event (${HOST_EVENTS.join(", ")}) and a function`);
          return;
        }
        if (!handlers.has(name)) handlers.set(name, new Set());
        handlers.get(name)![command === "on" ? "add" : "delete"](handler as Handler);
        return;
      }
      default:
        console.warn(`[quote-assistant] unknown command ${String(command)}`);
    }
  }

  const api = Object.assign((command: string, ...args: unknown[]) => run(command, args), {
    loaded: true as const,
    q: [] as unknown[][],
    facade: existing?.facade === true,
  });
  win.QuoteAssistant = api;
  for (const entry of queued) {
    const [command, ...args] = Array.from(entry as ArrayLike<unknown>);
    run(command, args, (entry as { askedAt?: unknown }).askedAt);
  }
  return api;
}
