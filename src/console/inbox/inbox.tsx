// The inbox: every lead, filtered and searched, polled every 10 s, exported as CSV.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { Lead, LeadStatus } from "../../contract/console.ts";
import type { Language } from "../../i18n/language-tags.ts";
import { LEAD_STATUSES, LeadsAnswerSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import { LeadFacts, StatusBadge } from "../shared/common.tsx";

const STATUSES = LEAD_STATUSES;
const POLL_MS = 10_000;

export function Inbox({ t, lang }: { t: ConsoleWords; lang: Language }) {
  const [filters, setFilters] = useState({ q: "", status: "", source: "", from: "", to: "" });
  const [data, setData] = useState<{ leads: Lead[]; total: number; sources: string[] } | null>(null);
  const [error, setError] = useState(false);
  const [fresh, setFresh] = useState(0);
  const known = useRef<Set<string> | null>(null);
  const query = useMemo(() => new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString(), [filters]);

  const load = useCallback(async () => {
    try {
      const next = await call(LeadsAnswerSchema, `leads?${query}`);
      const ids = new Set(next.leads.map((lead) => lead.quoteId));
      if (known.current) {
        const added = next.leads.filter((lead) => !known.current!.has(lead.quoteId)).length;
        if (added > 0) setFresh(added);
      }
      known.current = ids;
      setData(next);
      setError(false);
    } catch {
      setError(true);
    }
  }, [query]);

  useEffect(() => {
    known.current = null;
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const set = (key: keyof typeof filters) => (event: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: event.target.value }));
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t.inbox}</h1>
      <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="grow">
          <span>{t.search}</span>
          <input type="search" value={filters.q} onChange={set("q")} />
        </label>
        <label>
          <span>{t.status}</span>
          <select value={filters.status} onChange={set("status")}>
            <option value="">{t.any}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t[`status_${status}`]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.source}</span>
          <select value={filters.source} onChange={set("source")}>
            <option value="">{t.any}</option>
            {data?.sources.map((source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.from}</span>
          <input type="date" value={filters.from} onChange={set("from")} />
        </label>
        <label>
          <span>{t.to}</span>
          <input type="date" value={filters.to} onChange={set("to")} />
        </label>
        <a className="button" href={`/console/api/leads.csv?${query}`} download="leads.csv">
          {t.exportCsv}
        </a>
      </form>
      <p role="status" className="count">
        {data ? t.leadsShown(data.total) : t.loading}
        {fresh > 0 ? ` · ${t.newLeads(fresh)}` : ""}
      </p>
      {error && <p role="alert">{t.failed}</p>}
      {data && data.leads.length === 0 && <p>{t.noLeads}</p>}
      {data && data.leads.length > 0 && (
        <ul className="leads">
          {data.leads.map((lead) => (
            <li key={lead.quoteId} className="lead-card" data-quote-id={lead.quoteId}>
              <div className="lead-head">
                <a href={`#/leads/${encodeURIComponent(lead.quoteId)}`} className="lead-name">
                  {lead.firstName} {lead.lastName}
                </a>
                <StatusBadge lead={lead} t={t} />
              </div>
              <dl className="facts">
                <div>
                  <dt>{t.when}</dt>
                  <dd>{formatWhen(lead.createdAt, lang)}</dd>
                </div>
                <div>
                  <dt>{t.contact}</dt>
                  <dd>
                    <a href={`tel:${lead.phoneNumber.replace(/[^\d+]/g, "")}`}>{lead.phoneNumber}</a>
                    {lead.email ? <> · {lead.email}</> : null}
                  </dd>
                </div>
                <LeadFacts lead={lead} t={t} lang={lang} />
                {lead.resumeUrl && (
                  <div>
                    <dt>{t.resumeLink}</dt>
                    <dd>
                      <a href={lead.resumeUrl} target="_blank" rel="noopener noreferrer">
                        {t.copyLink}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
