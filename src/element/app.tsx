// The React root r2wc mounts in each element's shadow root: works out company, bot, API base
// and mode from the attributes (or the page path), then renders the widget with its store.
import { Provider } from "jotai/react";
import { useEffect, useMemo } from "react";
import { parseQueryFlags } from "../config/query-flags.ts";
import { parseRoute } from "../config/route.ts";
import { realClock } from "../state/clock.ts";
import { createWidgetController, type WidgetMode } from "../state/widget-controller.ts";
import { ErrorBoundary } from "../ui/chat/error-boundary.tsx";
import { Unavailable } from "../ui/chat/unavailable.tsx";
import { Widget } from "../ui/chat/widget.tsx";
import { configAtom } from "../state/atoms.ts";
import { loadLanguage } from "../lazy/load-language.ts";
import { loadServmanChapter } from "../lazy/load-servman-chunk.ts";
import { loadTextConsent } from "../lazy/load-text-consent.ts";
import { bundleOrigin } from "./bundle-origin.ts";
import { storeFor } from "./store-registry.ts";

export interface AppProps {
  company?: string;
  bot?: string;
  apiBase?: string;
  mode?: string;
  /** The shadow root, given by r2wc. */
  container?: HTMLElement;
}

export function App({ company, bot, apiBase, mode, container }: AppProps) {
  const host = (container as unknown as ShadowRoot).host as HTMLElement;
  const store = storeFor(host);
  const widgetMode: WidgetMode = mode === "inline" ? "inline" : "bubble";
  const pair = company && bot ? { company, bot } : parseRoute(location.pathname);
  const base = apiBase?.trim() || bundleOrigin;

  const controller = useMemo(
    () =>
      pair
        ? createWidgetController({
            store,
            host,
            company: pair.company,
            bot: pair.bot,
            apiBase: base,
            mode: widgetMode,
            flags: parseQueryFlags(location.search),
            clock: realClock,
            loadLanguage: (lang) => loadLanguage(lang),
            loadServman: () => loadServmanChapter(),
            loadTextConsent: () => loadTextConsent(),
          })
        : null,
    // A new company, bot or API means a new conversation.
    [store, host, pair?.company, pair?.bot, base, widgetMode],
  );

  useEffect(() => {
    if (!pair) console.error('[quote-assistant] no company and bot: set the "company" and "bot" attributes.');
  }, [pair]);

  if (!controller) return <MissingCompany />;
  // The last line of defence: a render error in the widget's own frame (the bubble, the window).
  const fallback = (retry: () => void) => (
    <div className="qa-root qa-inline">
      <Unavailable phone={store.get(configAtom)?.companyPhone} currency={store.get(configAtom)?.currency} onRetry={retry} />
    </div>
  );
  return (
    <Provider store={store}>
      <ErrorBoundary area="widget" fallback={fallback} onRetry={() => controller.retry()}>
        <Widget controller={controller} mode={widgetMode} />
      </ErrorBoundary>
    </Provider>
  );
}

function MissingCompany() {
  return (
    <div className="qa-root qa-inline">
      <div className="qa-error" role="alert">
        <p className="qa-error-title">Sorry, instant quotes are unavailable right now.</p>
        <p className="qa-error-text">This page does not say which company the assistant works for.</p>
      </div>
    </div>
  );
}
