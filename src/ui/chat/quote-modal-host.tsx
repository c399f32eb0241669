// Opens the quote modal over the page when the conversation says so. The modal (proposal,
// checkout, payment adapters) is a second file, fetched while prices are worked out so it is
// ready when they arrive; until it is, the calculating animation stays, and if it cannot be
// loaded the visitor is told kindly and keeps the chat.
import { useAtomValue, useSetAtom } from "jotai/react";
import { useEffect, useRef } from "react";
import type { CompanyConfig } from "../../config/company-config.ts";
import type { Answers } from "../../flow/types.ts";
import { needsSquareFootage } from "../../flow/programs.ts";
import { useQuoteChunk, type ChunkWant } from "../../lazy/use-quote-chunk.ts";
import { flowStateAtom, languageAtom, runningTaskAtom } from "../../state/atoms.ts";
import {
  convertedSaleAtom,
  priceBlocksAtom,
  pricesBusyAtom,
  pricingEngineAtom,
  programTypesAtom,
  quoteModalOpenAtom,
  quoteViewAtom,
} from "../../state/quote-atoms.ts";
import type { WidgetController } from "../../state/widget-controller.ts";
import { Calculating, calculatingVariant } from "./calculating.tsx";
import { useLocale, useWords } from "../shared/use-words.ts";

/** The tasks after which the modal opens: its file is fetched while they run. */
const TASKS_BEFORE_THE_QUOTE = new Set(["calculateQuote", "openQuote"]);
const NO_ANSWERS: Answers = {};

export function QuoteModalHost({ controller, config }: { controller: WidgetController; config: CompanyConfig }) {
  const open = useAtomValue(quoteModalOpenAtom);
  const view = useAtomValue(quoteViewAtom);
  const task = useAtomValue(runningTaskAtom);
  const busy = useAtomValue(pricesBusyAtom);
  const converted = useAtomValue(convertedSaleAtom);
  const answers = useAtomValue(flowStateAtom)?.answers ?? NO_ANSWERS;
  const blocks = useAtomValue(priceBlocksAtom);
  const pack = useAtomValue(languageAtom);
  const locale = useLocale();
  // Every service switched off keeps the quote open, in its 'No Services' state (SPEC §8).
  const showing = open && !!(view || blocks);
  const want: ChunkWant = showing ? "now" : task !== null && TASKS_BEFORE_THE_QUOTE.has(task) ? "ahead" : null;
  const { chunk, failed, retry } = useQuoteChunk(want, controller.host.shadowRoot);
  // The pricing engine came with the chunk: the quote is priced from the next render on.
  const engine = useAtomValue(pricingEngineAtom);
  const setEngine = useSetAtom(pricingEngineAtom);
  useEffect(() => {
    if (chunk && !engine) setEngine(chunk.pricing);
  }, [chunk, engine, setEngine]);

  if (!showing) return null;
  if (chunk && engine) {
    const { QuoteModal } = chunk;
    return <QuoteModal actions={controller.quoteModal} config={config} view={view} blocks={blocks} answers={answers} busy={busy} converted={converted} words={pack?.quote} locale={locale} />;
  }
  if (failed) return <QuoteUnavailable onRetry={retry} onBack={() => controller.session.closeModal()} />;
  return <QuoteOnItsWay config={config} answers={answers} />;
}

/** The calculating animation goes on over the chat while the modal's file arrives. */
function QuoteOnItsWay({ config, answers }: { config: CompanyConfig; answers: Answers }) {
  const w = useWords();
  const programs = useAtomValue(programTypesAtom);
  return (
    <div className="qa-overlay" role="status" aria-busy="true">
      <Calculating config={config} variant={calculatingVariant(config, needsSquareFootage(answers, programs))} />
      <p className="qa-visually-hidden">{w.quoteOpening}</p>
    </div>
  );
}

function QuoteUnavailable({ onRetry, onBack }: { onRetry: () => void; onBack: () => void }) {
  const w = useWords();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <div className="qa-overlay" role="alertdialog" aria-labelledby="qa-quote-unavailable" aria-describedby="qa-quote-unavailable-text">
      <h3 id="qa-quote-unavailable" className="qa-overlay-title" tabIndex={-1} ref={headingRef}>
        {w.quoteFailed}
      </h3>
      <p id="qa-quote-unavailable-text" className="qa-overlay-text">
        {w.quoteFailedText}
      </p>
      <button type="button" className="qa-choice qa-choice-primary" part="primary-button" onClick={onRetry}>
        {w.tryAgain}
      </button>
      <button type="button" className="qa-choice" onClick={onBack}>
        {w.backToChat}
      </button>
    </div>
  );
}
