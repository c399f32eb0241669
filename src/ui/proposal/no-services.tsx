// SPEC §8 'No Services': every service switched off. The quote stays open, says so, and keeps
// each service's switch to turn one back on (issue 16); nothing can be bought meanwhile.
import { useId } from "react";
import type { PriceBlock } from "../../api/quote-services.ts";
import { Modal } from "../shared/modal.tsx";
import { ServiceTop } from "./service-block.tsx";

export function NoServices(props: {
  blocks: PriceBlock[];
  companyName: string;
  onToggleService: (blockId: string, selected: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Modal title={`Your quote from ${props.companyName}`} onClose={props.onClose} className="qa-proposal-modal">
      <section className="qa-proposal qa-no-services" aria-labelledby={id}>
        <h3 id={id} className="qa-section-title">
          No Services
        </h3>
        <p className="qa-service-text">Every service is switched off. Switch one on to see its price.</p>
        {props.blocks.map((block, i) => (
          <article key={block.id} className="qa-card qa-service" aria-labelledby={`${id}-${i}`}>
            <ServiceTop block={block} nameId={`${id}-${i}`} onToggleService={props.onToggleService} />
          </article>
        ))}
      </section>
    </Modal>
  );
}
