// The quote's summary (SPEC §9 rows: SUBTOTAL, tax, GET STARTED TODAY, INSTALLMENT PAYMENT
// AMOUNT) as the pricing engine wrote them, with the billing label when there is one.
import type { SummaryRow } from "../../pricing/types.ts";

export interface SummaryRowsProps {
  rows: SummaryRow[];
  periodLabel: string | null;
  className?: string;
}

export function SummaryRows({ rows, periodLabel, className = "" }: SummaryRowsProps) {
  return (
    <div className={`qa-card qa-summary-card ${className}`}>
      {periodLabel && <p className="qa-period">{periodLabel}</p>}
      <dl className="qa-summary">
        {rows.map((row) => (
          <div key={row.id} className={`qa-summary-row qa-summary-${row.id}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
