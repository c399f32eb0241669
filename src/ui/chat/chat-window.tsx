// The chat window: a header (logo, bot name, close) over the conversation, or the loading
// and error states while the company configuration is not usable.
import { useAtomValue } from "jotai/react";
import { forwardRef, useLayoutEffect, type KeyboardEvent } from "react";
import { configStatusAtom } from "../../state/atoms.ts";
import type { WidgetController } from "../../state/widget-controller.ts";
import { CloseIcon } from "../shared/icons.tsx";
import { DEFAULT_TITLE } from "../shared/window-look.ts";
import { AnswerInput } from "../inputs/answer-input.tsx";
import { ConfirmationOverlay } from "./confirmation-overlay.tsx";
import { ErrorBoundary } from "./error-boundary.tsx";
import { HeaderMenu } from "./header-menu.tsx";
import { QuoteModalHost } from "./quote-modal-host.tsx";
import { Transcript } from "./transcript.tsx";
import { Unavailable } from "./unavailable.tsx";
import { useFirstWords, useWords } from "../shared/use-words.ts";
import { Waiting } from "../shared/waiting.tsx";

export interface ChatWindowProps {
  controller: WidgetController;
  inline?: boolean;
  onClose?: () => void;
  /**
   * Rendered ahead, hidden, before the chat first opens (widget.tsx): not yet the dialog, so
   * nothing on the page (a script, a screen reader, the loader's hand-over) takes it for the open
   * chat. Its frame is the window's, out of sight (`.qa-window-ahead`), so that once it is laid
   * out ahead (laid-out-ahead.ts) the click changes no layout.
   */
  prerendered?: boolean;
}


export const ChatWindow = forwardRef<HTMLDivElement, ChatWindowProps>(function ChatWindow(
  { controller, inline = false, onClose, prerendered = false },
  ref,
) {
  const w = useWords();
  const configStatus = useAtomValue(configStatusAtom);
  const config = configStatus.status === "ready" ? configStatus.config : null;

  // The loader's shell was the dialog until now (loader/paint-bubble.ts): hidden from assistive
  // technology in the same task as this window appears, so there are never two dialogs.
  useLayoutEffect(() => {
    if (!inline && !prerendered) document.querySelector("[data-quote-assistant-facade]")?.shadowRoot?.querySelector("[data-shell]")?.setAttribute("aria-hidden", "true");
  }, [inline, prerendered]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onClose) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      ref={ref}
      className={prerendered ? "qa-window qa-window-ahead" : "qa-window"}
      part="window"
      role={prerendered ? undefined : inline ? "region" : "dialog"}
      aria-labelledby={prerendered ? undefined : "qa-title"}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      {/* A div, not <header>: a <header> outside sectioning content is a banner landmark, and the
          host page has its own (axe: landmark-no-duplicate-banner). The dialog is the landmark. */}
      <div className="qa-header" part="header">
        {config?.companyLogo && <img className="qa-header-logo" src={config.companyLogo} alt="" />}
        <div className="qa-header-text">
          <h2 id="qa-title" className="qa-header-title">
            {config?.botName ?? (controller.host.getAttribute("company-name") || DEFAULT_TITLE)}
          </h2>
          {config && <p className="qa-header-sub">{config.companyName}</p>}
        </div>
        {config && <HeaderMenu onStartOver={() => controller.startOver()} />}
        {onClose && (
          <button type="button" className="qa-icon-button" aria-label={w.closeChat} onClick={onClose}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="qa-body" aria-busy={configStatus.status === "loading"}>
        {configStatus.status === "loading" && <LoadingSplash host={controller.host} />}
        {configStatus.status === "error" && (
          <Unavailable phone={configStatus.phone} onRetry={() => controller.retry()} />
        )}
        {config && (
          <ErrorBoundary area="chat" fallback={(retry) => <Unavailable phone={config.companyPhone} currency={config.currency} onRetry={retry} />}>
            <Transcript config={config} />
            <AnswerInput controller={controller} />
            <ConfirmationOverlay config={config} />
            <QuoteModalHost controller={controller} config={config} />
          </ErrorBoundary>
        )}
      </div>
    </div>
  );
});

/**
 * While the company's configuration loads: the company's name when the page gave it (the
 * snippet's `data-name`) and the typing dots, as the loader's shell painted them; the logo and
 * tag line follow with the configuration (the transcript's splash). Screen readers hear
 * 'Loading…'.
 */
function LoadingSplash({ host }: { host: HTMLElement }) {
  const name = host.getAttribute("company-name");
  const w = useFirstWords(host);
  return (
    <div className="qa-log qa-loading">
      {name && (
        <div className="qa-splash" aria-hidden="true">
          <p className="qa-splash-name">{name}</p>
        </div>
      )}
      <Waiting status={w.loading} />
    </div>
  );
}
