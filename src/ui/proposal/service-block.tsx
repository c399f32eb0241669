// One recommended service on the proposal (SPEC §2, §3): its name, description, season note,
// price (with its offers), and a switch that selects or drops it.
import { useId, type KeyboardEvent } from "react";
import type { PriceBlock } from "../../contract/quote-services.ts";
import type { PricedService, Term } from "../../pricing/types.ts";
import type { FormatMoney } from "./format-money.ts";
import { ServicePrice } from "./service-price.tsx";
import type { QuoteWords } from "../../i18n/en/quote.ts";

export interface ServiceBlockProps {
  service: PricedService;
  term: Term;
  monthly: boolean;
  currency: string;
  formatMoney: FormatMoney;
  words?: QuoteWords;
  onToggleService: (blockId: string, selected: boolean) => void;
}

export function ServiceBlock({ service, onToggleService, ...price }: ServiceBlockProps) {
  const nameId = useId();
  const { block } = service;
  return (
    <article className="qa-card qa-service" aria-labelledby={nameId}>
      <ServiceTop block={block} nameId={nameId} onToggleService={onToggleService} />
      {block.serviceDescription && <p className="qa-service-text">{block.serviceDescription}</p>}
      {block.seasonalText && <p className="qa-service-season">{block.seasonalText}</p>}
      <ServicePrice service={service} {...price} />
    </article>
  );
}

/** A service's name and the switch that selects or drops it (also the 'No Services' state's). */
export function ServiceTop(props: { block: PriceBlock; nameId: string; onToggleService: (blockId: string, selected: boolean) => void }) {
  const { block, nameId } = props;
  const toggle = () => props.onToggleService(block.id, !block.selected);
  // Handled here, not left to the button's own activation, so Enter and Space behave the same
  // everywhere; preventDefault stops the browser's click from toggling a second time.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    if (!event.repeat) toggle();
  };
  return (
    <div className="qa-service-top">
      <h4 id={nameId} className="qa-service-name">
        {block.serviceName}
      </h4>
      <button
        type="button"
        role="switch"
        aria-checked={block.selected}
        aria-labelledby={nameId}
        className="qa-switch"
        onClick={toggle}
        onKeyDown={onKeyDown}
      >
        <span className="qa-switch-track" aria-hidden="true" />
      </button>
    </div>
  );
}
