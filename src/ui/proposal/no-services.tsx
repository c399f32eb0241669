// SPEC §8 'No Services': every service switched off. The quote stays open, says so, and keeps
// each service's switch to turn one back on (issue 16); nothing can be bought meanwhile.
import { useId } from "react";
import type { PriceBlock } from "../../contract/quote-services.ts";
import { ServiceTop } from "./service-block.tsx";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";
import { Modal } from "../../lazy/shared-with-chunks.ts";

export function NoServices(props: {
  blocks: PriceBlock[];
  companyName: string;
  onToggleService: (blockId: string, selected: boolean) => void;
  onClose: () => void;
  words?: QuoteWords;
}) {
  const w = props.words ?? enQuote;
  const id = useId();
  return (
    <Modal title={w.title(props.companyName)} onClose={props.onClose} className="qa-proposal-modal">
      <section className="qa-proposal qa-no-services" aria-labelledby={id}>
        <h3 id={id} className="qa-section-title">
          {w.noServices}
        </h3>
        <p className="qa-service-text">{w.noServicesText}</p>
        {props.blocks.map((block, i) => (
          <article key={block.id} className="qa-card qa-service" aria-labelledby={`${id}-${i}`}>
            <ServiceTop block={block} nameId={`${id}-${i}`} onToggleService={props.onToggleService} />
          </article>
        ))}
      </section>
    </Modal>
  );
}
