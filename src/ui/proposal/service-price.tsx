// A service's price for the chosen term (SPEC §4): each amount before tax with what it is
// (src/pricing/price-captions.ts: today, per visit, per month, for the season) and the offers
// it includes as chips beside it.
import { priceCaptions } from "../../pricing/price-captions.ts";
import type { PricedService, Term } from "../../pricing/types.ts";
import type { FormatMoney } from "./format-money.ts";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";

export interface ServicePriceProps {
  service: PricedService;
  term: Term;
  /** The company pays monthly (monthly-payment): later payments are per month. */
  monthly: boolean;
  currency: string;
  formatMoney: FormatMoney;
  /** The quote's words in the visitor's language; default English. */
  words?: QuoteWords;
}

export function ServicePrice({ service, term, monthly, currency, formatMoney, words = enQuote }: ServicePriceProps) {
  return (
    <div className="qa-price">
      {priceCaptions(service, term, monthly).map((line) => (
        <p key={line.caption} className="qa-price-line">
          <span className="qa-amount">{formatMoney(line.amount, currency)}</span>{" "}
          <span className="qa-price-caption">{words.label(line.caption)}</span>
          {line.offers.length > 0 && (
            <span className="qa-discounts" role="list" aria-label={words.offers}>
              {line.offers.map((text) => (
                <span key={text} role="listitem" className="qa-discount">
                  {words.label(text)}
                </span>
              ))}
            </span>
          )}
        </p>
      ))}
    </div>
  );
}
