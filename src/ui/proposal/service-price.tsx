// A service's price for the chosen term (SPEC §4): per application, the first application and
// each later one, named with the block's own word ('visit', 'treatment'); pre-pay, the total.
import type { PricedService, Term } from "../../pricing/types.ts";
import type { FormatMoney } from "./format-money.ts";

export interface ServicePriceProps {
  service: PricedService;
  term: Term;
  currency: string;
  formatMoney: FormatMoney;
}

export function ServicePrice({ service, term, currency, formatMoney }: ServicePriceProps) {
  const label = service.block.applicationLabel;
  const lines =
    term === "total"
      ? [{ amount: service.prePayPrice, caption: "pre-paid, whole program" }]
      : [
          { amount: service.firstAppPrice, caption: `first ${label}` },
          { amount: service.applicationPrice, caption: `per ${label}` },
        ];
  return (
    <p className="qa-price">
      {lines.map((line) => (
        <span key={line.caption} className="qa-price-line">
          <span className="qa-amount">{formatMoney(line.amount, currency)}</span>{" "}
          <span className="qa-price-caption">{line.caption}</span>
        </span>
      ))}
    </p>
  );
}
