// The funnel: opened, started, priced, checkout and won per source, the sales a follow-up
// recovered (issue 34; amounts summed exactly, as decimal strings), and where the others stopped.
import { useEffect, useState } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { FunnelRow } from "../../contract/console.ts";
import type { Language } from "../../i18n/language-tags.ts";
import { FunnelAnswerSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { formatAmount, stepName } from "../shared/format.ts";
import { sumDecimalStrings } from "../../pricing/decimal.ts";

const STAGES = ["opened", "started", "priced", "checkout", "won"] as const;

/** A row's recovered amount in its currency ("$45.30"); the bare figure when the currency is unknown. */
const amountOf = (row: FunnelRow, lang: Language) => (row.currency ? formatAmount({ value: row.recoveredAmount, currency: row.currency }, lang) : row.recoveredAmount);

function FunnelChart({ row, t }: { row: FunnelRow; t: ConsoleWords }) {
  const max = Math.max(1, row.opened);
  const barHeight = 28;
  const gap = 10;
  const height = STAGES.length * (barHeight + gap);
  return (
    <svg className="funnel-chart" viewBox={`0 0 400 ${height}`} role="img" aria-labelledby={`chart-${row.source}`}>
      <title id={`chart-${row.source}`}>{STAGES.map((stage) => `${t[stage]}: ${row[stage]}`).join(", ")}</title>
      {STAGES.map((stage, index) => {
        const width = Math.max(2, (row[stage] / max) * 240);
        const y = index * (barHeight + gap);
        return (
          <g key={stage}>
            <rect x={0} y={y} width={width} height={barHeight} rx={4} className={`bar bar-${stage}`} />
            <text x={width + 8} y={y + barHeight / 2 + 5} className="bar-label">
              {row[stage]} · {t[stage]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function Funnel({ t, lang }: { t: ConsoleWords; lang: Language }) {
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [range, setRange] = useState({ from: monthAgo, to: today });
  const [rows, setRows] = useState<FunnelRow[] | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(Object.entries(range).filter(([, value]) => value !== "")).toString();
    call(FunnelAnswerSchema, `funnel?${query}`).then(
      (answer) => setRows(answer.rows),
      () => setRows([]),
    );
  }, [range]);
  const total: FunnelRow | null = rows
    ? rows.reduce<FunnelRow>(
        (sum, row) => ({
          source: "all",
          opened: sum.opened + row.opened,
          started: sum.started + row.started,
          priced: sum.priced + row.priced,
          checkout: sum.checkout + row.checkout,
          won: sum.won + row.won,
          stoppedAt: [...sum.stoppedAt, ...row.stoppedAt],
          recovered: sum.recovered + row.recovered,
          recoveredAmount: sumDecimalStrings([sum.recoveredAmount, row.recoveredAmount]),
          currency: row.currency || sum.currency,
        }),
        { source: "all", opened: 0, started: 0, priced: 0, checkout: 0, won: 0, stoppedAt: [], recovered: 0, recoveredAmount: "0", currency: "" },
      )
    : null;
  const recoveredText = (row: FunnelRow) => (row.recovered === 0 ? "0" : `${row.recovered} · ${amountOf(row, lang)}`);
  const stops = new Map<string, number>();
  for (const stop of total?.stoppedAt ?? []) stops.set(stop.stepId, (stops.get(stop.stepId) ?? 0) + stop.count);
  return (
    <section aria-labelledby="funnel-title">
      <h1 id="funnel-title">{t.funnelTitle}</h1>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span>{t.from}</span>
          <input type="date" value={range.from} onChange={(event) => setRange((r) => ({ ...r, from: event.target.value }))} />
        </label>
        <label>
          <span>{t.to}</span>
          <input type="date" value={range.to} onChange={(event) => setRange((r) => ({ ...r, to: event.target.value }))} />
        </label>
      </form>
      {rows === null ? (
        <p>{t.loading}</p>
      ) : rows.length === 0 ? (
        <p>{t.noData}</p>
      ) : (
        <>
          {total && <FunnelChart row={total} t={t} />}
          {total && (
            <p className="recovered-total" data-recovered={total.recovered}>
              {t.recoveredTotal(total.recovered, amountOf(total, lang))}
            </p>
          )}
          <div className="table-wrap">
            <table className="funnel-table">
              <caption className="sr-only">{t.funnelTitle}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.source}</th>
                  {STAGES.map((stage) => (
                    <th scope="col" key={stage}>
                      {t[stage]}
                    </th>
                  ))}
                  <th scope="col">{t.recovered}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.source} data-source={row.source}>
                    <th scope="row">{row.source}</th>
                    {STAGES.map((stage) => (
                      <td key={stage} data-stage={stage}>
                        {row[stage]}
                      </td>
                    ))}
                    <td data-stage="recovered" data-amount={row.recoveredAmount}>
                      {recoveredText(row)}
                    </td>
                  </tr>
                ))}
              </tbody>
              {total && rows.length > 1 && (
                <tfoot>
                  <tr data-source="all">
                    <th scope="row">{t.total}</th>
                    {STAGES.map((stage) => (
                      <td key={stage} data-stage={stage}>
                        {total[stage]}
                      </td>
                    ))}
                    <td data-stage="recovered" data-amount={total.recoveredAmount}>
                      {recoveredText(total)}
                    </td>
                  </tr>
                </tfoot>
              )}
            </table>
          </div>
          <h2 className="stops-title">{t.whereStopped}</h2>
          {stops.size === 0 && <p>—</p>}
          <ul className="stops">
            {[...stops.entries()]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 10)
              .map(([step, count]) => (
                <li key={step}>
                  {stepName(step)}: {count}
                </li>
              ))}
          </ul>
        </>
      )}
    </section>
  );
}
