// SPEC §2 'What else can we do for you?': the unselected upsell services, each with its price
// and a button that adds it to the quote.
import type { PricedService, Term } from "../../pricing/types.ts";
import type { FormatMoney } from "./format-money.ts";
import { ServicePrice } from "./service-price.tsx";

export interface AddOnsProps {
  addOns: PricedService[];
  term: Term;
  monthly: boolean;
  currency: string;
  formatMoney: FormatMoney;
  onToggleService: (blockId: string, selected: boolean) => void;
}

export function AddOns({ addOns, onToggleService, ...price }: AddOnsProps) {
  return (
    <section className="qa-proposal-section" aria-labelledby="qa-addons-title">
      <h3 id="qa-addons-title" className="qa-section-title">
        What else can we do for you?
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
              aria-label={`Add ${service.block.serviceName}`}
              onClick={() => onToggleService(service.block.id, true)}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
