// The quote's summary (SPEC §9 rows: SUBTOTAL, tax, GET STARTED TODAY, INSTALLMENT PAYMENT
// AMOUNT) as the pricing engine wrote them, with the billing label when there is one.
import type { SummaryRow } from "../../pricing/types.ts";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";

export interface SummaryRowsProps {
  rows: SummaryRow[];
  periodLabel: string | null;
  className?: string;
  /** The visitor's language: the rows' labels, and the amounts written for its locale. */
  words?: QuoteWords;
  money?: (minor: number) => string;
}

export function SummaryRows({ rows, periodLabel, className = "", words = enQuote, money }: SummaryRowsProps) {
  return (
    <div className={`qa-card qa-summary-card ${className}`}>
      {periodLabel && <p className="qa-period">{words.label(periodLabel)}</p>}
      <dl className="qa-summary">
        {rows.map((row) => (
          <div key={row.id} className={`qa-summary-row qa-summary-${row.id}`}>
            <dt>{words.label(row.label)}</dt>
            <dd>{money && row.amount !== null ? money(row.amount) : words.label(row.value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
