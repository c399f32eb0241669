// SPEC §2 'What else can we do for you?': the unselected upsell services, each with its price
// and a button that adds it to the quote.
import type { PricedService, Term } from "../../pricing/types.ts";
import type { FormatMoney } from "./format-money.ts";
import { ServicePrice } from "./service-price.tsx";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";

export interface AddOnsProps {
  addOns: PricedService[];
  term: Term;
  monthly: boolean;
  currency: string;
  formatMoney: FormatMoney;
  words?: QuoteWords;
  onToggleService: (blockId: string, selected: boolean) => void;
}

export function AddOns({ addOns, onToggleService, ...price }: AddOnsProps) {
  return (
    <section className="qa-proposal-section" aria-labelledby="qa-addons-title">
      <h3 id="qa-addons-title" className="qa-section-title">
        {(price.words ?? enQuote).addOns}
      </h3>
      <ul className="qa-addons">
        {addOns.map((service) => (
          <li key={service.block.id} className="qa-card qa-addon">
            <div className="qa-addon-text">
              <h4 className="qa-service-name">{service.block.serviceName}</h4>
              <ServicePrice service={service} {...price} />
            </div>
            <button
              type="button"
              className="qa-choice qa-addon-add"
              aria-label={(price.words ?? enQuote).addService(service.block.serviceName)}
              onClick={() => onToggleService(service.block.id, true)}
            >
              {(price.words ?? enQuote).add}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
