// The company's console (issue 24): its own entry (dist/console.js), never part of the widget.
// Sign-in by e-mailed link, then the inbox (polled every 10 s), a lead's page, the funnel and
// the settings. Hash routes (#/, #/leads/<id>, #/funnel, #/settings) keep the page one file the
// server serves under a strict CSP; every write sends the session's CSRF token.
import { StrictMode, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { EN, ES, type Words } from "./words.ts";

type Lang = "en" | "es";
interface Me {
  email: string;
  role: "owner" | "staff";
  companyId: string;
  companyName: string;
  csrfToken: string;
}
type Status = "started" | "priced" | "checkout" | "paid" | "booked" | "thinking" | "stopped";
interface Lead {
  quoteId: string;
  createdAt: string;
  status: Status;
  lastStepId: string | null;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string | null;
  address: string;
  serviceTypes: string[];
  amount: { value: string; currency: string; paid: boolean } | null;
  source: string;
  attribution: Record<string, string> | null;
  staffStatus: "new" | "contacted" | "won" | "lost";
  resumeUrl: string | null;
}
interface LeadDetail {
  lead: Lead;
  answers: Record<string, string>;
  conversation: { transcript: Array<{ id: number; from: "bot" | "visitor"; text: string }> } | null;
  prices: Array<{ id: string; serviceName: string; serviceType: string }>;
  payments: Array<{ status: string; amount: string; currency: string; paymentMethod: string; term: string; createdAt: string }>;
  objection: { reason: string | null; comments: string | null } | null;
  booking: { date: string; orderId: number } | null;
  deliveries: Array<{ channel: string; to: string; eventType: string; state: string; attempts: number; lastError: string | null }>;
  notes: Array<{ id: number; author: string; body: string; createdAt: string }>;
}
interface FunnelRow {
  source: string;
  opened: number;
  started: number;
  priced: number;
  checkout: number;
  won: number;
  stoppedAt: Array<{ stepId: string; count: number }>;
}

const STATUSES: Status[] = ["started", "priced", "checkout", "paid", "booked", "thinking", "stopped"];
const EVENTS = ["lead", "objection", "purchase", "booking"] as const;
const POLL_MS = 10_000;

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

let csrfToken = "";
async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRF-Token"] = csrfToken;
  }
  const response = await fetch(`/console/api/${path}`, { method, headers, credentials: "same-origin", body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as T;
}

/** A step id as words: "confirmAddress" → "confirm address". */
const stepName = (stepId: string | null) => (stepId ?? "the start").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();

function useHashRoute(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return hash;
}

function formatWhen(iso: string, lang: Lang) {
  return new Intl.DateTimeFormat(lang === "es" ? "es" : "en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
function formatAmount(amount: { value: string; currency: string }, lang: Lang) {
  try {
    return new Intl.NumberFormat(lang === "es" ? "es" : "en-US", { style: "currency", currency: amount.currency }).format(Number(amount.value));
  } catch {
    return `${amount.value} ${amount.currency}`;
  }
}

function App() {
  const [lang, setLang] = useState<Lang>(() => (sessionStorage.getItem("console-lang") ?? navigator.language).startsWith("es") ? "es" : "en");
  const t = lang === "es" ? ES : EN;
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [linkFailed, setLinkFailed] = useState(false);
  const route = useHashRoute();

  useEffect(() => {
    document.documentElement.lang = lang;
    sessionStorage.setItem("console-lang", lang);
  }, [lang]);

  // A sign-in link's token, on arrival or when the link is opened in a tab already on the console.
  const token = /^#sign-in=([\w-]+)$/.exec(route)?.[1];
  useEffect(() => {
    const signedIn = (who: Me) => {
      csrfToken = who.csrfToken;
      setLinkFailed(false);
      setMe(who);
    };
    if (token) {
      // The token leaves the address bar before anything else happens.
      history.replaceState(null, "", "/console/#/");
      api<Me>("session", { method: "POST", body: { token } })
        .then(signedIn)
        .catch(() => {
          setLinkFailed(true);
          setMe(null);
        });
      return;
    }
    if (me !== undefined) return;
    api<Me>("me")
      .then(signedIn)
      .catch(() => setMe(null));
  }, [token]);

  useEffect(() => {
    document.title = `${me ? `${me.companyName} · ` : ""}${t.title}`;
  }, [me, t]);

  if (me === undefined) return <p className="loading">{t.loading}</p>;
  if (me === null) return <SignIn t={t} linkFailed={linkFailed} lang={lang} setLang={setLang} />;

  const signOut = async (everywhere: boolean) => {
    await api(everywhere ? "sign-out-everywhere" : "sign-out", { method: "POST", body: {} }).catch(() => undefined);
    setMe(null);
  };
  const leadId = /^#\/leads\/([^/]+)$/.exec(route)?.[1];
  const page = leadId ? "lead" : route === "#/funnel" ? "funnel" : route === "#/settings" ? "settings" : "inbox";
  return (
    <>
      <a className="skip" href="#main">
        {lang === "es" ? "Ir al contenido" : "Skip to content"}
      </a>
      <header className="top">
        <p className="brand">
          <strong>{me.companyName}</strong> <span className="who">{me.email}</span>
        </p>
        <nav aria-label={t.title}>
          <a href="#/" aria-current={page === "inbox" || page === "lead" ? "page" : undefined}>
            {t.inbox}
          </a>
          <a href="#/funnel" aria-current={page === "funnel" ? "page" : undefined}>
            {t.funnel}
          </a>
          <a href="#/settings" aria-current={page === "settings" ? "page" : undefined}>
            {t.settings}
          </a>
        </nav>
        <div className="account">
          <LangPicker lang={lang} setLang={setLang} t={t} />
          <button type="button" onClick={() => void signOut(false)}>
            {t.signOut}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {page === "lead" && leadId ? (
          <LeadPage t={t} lang={lang} quoteId={decodeURIComponent(leadId)} />
        ) : page === "funnel" ? (
          <Funnel t={t} />
        ) : page === "settings" ? (
          <Settings t={t} me={me} onSignOutEverywhere={() => void signOut(true)} />
        ) : (
          <Inbox t={t} lang={lang} />
        )}
      </main>
    </>
  );
}

function LangPicker({ lang, setLang, t }: { lang: Lang; setLang: (lang: Lang) => void; t: Words }) {
  const id = useId();
  return (
    <span className="lang">
      <label htmlFor={id}>{t.language}</label>
      <select id={id} value={lang} onChange={(event) => setLang(event.target.value === "es" ? "es" : "en")}>
        <option value="en">English</option>
        <option value="es">Español</option>
      </select>
    </span>
  );
}

function SignIn({ t, linkFailed, lang, setLang }: { t: Words; linkFailed: boolean; lang: Lang; setLang: (lang: Lang) => void }) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState("sending");
    try {
      await api("sign-in", { method: "POST", body: { email } });
      setState("sent");
    } catch {
      setState("failed");
    }
  };
  return (
    <main id="main" className="sign-in">
      <LangPicker lang={lang} setLang={setLang} t={t} />
      <h1>{t.signInTitle}</h1>
      {linkFailed && <p role="alert">{t.linkFailed}</p>}
      <p>{t.signInHelp}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor="sign-in-email">{t.email}</label>
        <input id="sign-in-email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" disabled={state === "sending"}>
          {t.sendLink}
        </button>
      </form>
      <p role="status">{state === "sent" ? t.linkSent : state === "failed" ? t.failed : ""}</p>
    </main>
  );
}

function StatusBadge({ lead, t }: { lead: Pick<Lead, "status" | "lastStepId">; t: Words }) {
  const text = lead.status === "stopped" ? t.stoppedAt(stepName(lead.lastStepId)) : t[`status_${lead.status}`];
  return <span className={`badge badge-${lead.status}`}>{text}</span>;
}

function AmountText({ lead, t, lang }: { lead: Lead; t: Words; lang: Lang }) {
  if (!lead.amount) return <span className="muted">{t.notPriced}</span>;
  return (
    <span>
      {formatAmount(lead.amount, lang)} <span className="muted">{lead.amount.paid ? t.paid : t.quoted}</span>
    </span>
  );
}

function sourceText(lead: Lead) {
  const a = lead.attribution ?? {};
  const extra = [a.utm_medium, a.utm_campaign, a.gclid ? `gclid ${a.gclid}` : "", a.fbclid ? `fbclid ${a.fbclid}` : "", a.msclkid ? `msclkid ${a.msclkid}` : ""].filter(Boolean);
  return extra.length ? `${lead.source} (${extra.join(", ")})` : lead.source;
}

function Inbox({ t, lang }: { t: Words; lang: Lang }) {
  const [filters, setFilters] = useState({ q: "", status: "", source: "", from: "", to: "" });
  const [data, setData] = useState<{ leads: Lead[]; total: number; sources: string[] } | null>(null);
  const [error, setError] = useState(false);
  const [fresh, setFresh] = useState(0);
  const known = useRef<Set<string> | null>(null);
  const query = useMemo(() => new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "")).toString(), [filters]);

  const load = useCallback(async () => {
    try {
      const next = await api<{ leads: Lead[]; total: number; sources: string[] }>(`leads?${query}`);
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
                <div>
                  <dt>{t.address}</dt>
                  <dd>{lead.address}</dd>
                </div>
                <div>
                  <dt>{t.services}</dt>
                  <dd>{lead.serviceTypes.join(", ") || "—"}</dd>
                </div>
                <div>
                  <dt>{t.amount}</dt>
                  <dd className="amount">
                    <AmountText lead={lead} t={t} lang={lang} />
                  </dd>
                </div>
                <div>
                  <dt>{t.source}</dt>
                  <dd>{sourceText(lead)}</dd>
                </div>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function LeadPage({ t, lang, quoteId }: { t: Words; lang: Lang; quoteId: string }) {
  const [detail, setDetail] = useState<LeadDetail | null | "missing">(null);
  const [status, setStatus] = useState<Lead["staffStatus"]>("new");
  const [note, setNote] = useState("");
  const [said, setSaid] = useState("");
  const load = useCallback(
    () =>
      api<LeadDetail>(`leads/${encodeURIComponent(quoteId)}`)
        .then((next) => {
          setDetail(next);
          setStatus(next.lead.staffStatus);
        })
        .catch(() => setDetail("missing")),
    [quoteId],
  );
  useEffect(() => {
    void load();
  }, [load]);
  if (detail === null) return <p>{t.loading}</p>;
  if (detail === "missing")
    return (
      <p role="alert">
        {t.noLeads} <a href="#/">{t.back}</a>
      </p>
    );
  const { lead } = detail;
  const saveStatus = async (event: FormEvent) => {
    event.preventDefault();
    await api(`leads/${encodeURIComponent(quoteId)}/status`, { method: "POST", body: { status } }).then(
      () => setSaid(t.saved),
      () => setSaid(t.failed),
    );
  };
  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    await api(`leads/${encodeURIComponent(quoteId)}/notes`, { method: "POST", body: { body: note } }).then(
      async () => {
        setNote("");
        await load();
        setSaid(t.saved);
      },
      () => setSaid(t.failed),
    );
  };
  return (
    <article className="lead-page">
      <p>
        <a href="#/">← {t.back}</a>
      </p>
      <h1>
        {lead.firstName} {lead.lastName} <StatusBadge lead={lead} t={t} />
      </h1>
      <dl className="facts">
        <div>
          <dt>{t.phone}</dt>
          <dd>
            <a href={`tel:${lead.phoneNumber.replace(/[^\d+]/g, "")}`}>{lead.phoneNumber}</a>
          </dd>
        </div>
        <div>
          <dt>{t.email}</dt>
          <dd>{lead.email ?? "—"}</dd>
        </div>
        <div>
          <dt>{t.address}</dt>
          <dd>{lead.address}</dd>
        </div>
        <div>
          <dt>{t.services}</dt>
          <dd>{lead.serviceTypes.join(", ") || "—"}</dd>
        </div>
        <div>
          <dt>{t.amount}</dt>
          <dd className="amount">
            <AmountText lead={lead} t={t} lang={lang} />
          </dd>
        </div>
        <div>
          <dt>{t.source}</dt>
          <dd>{sourceText(lead)}</dd>
        </div>
        <div>
          <dt>{t.when}</dt>
          <dd>{formatWhen(lead.createdAt, lang)}</dd>
        </div>
      </dl>
      <p role="status">{said}</p>
      <div className="columns">
        <Section title={t.conversation}>
          {detail.conversation && detail.conversation.transcript.length > 0 ? (
            <ol className="transcript">
              {detail.conversation.transcript.map((entry) => (
                <li key={entry.id} className={`bubble from-${entry.from}`}>
                  <span className="sr-only">{entry.from === "bot" ? t.bot : t.visitor}: </span>
                  {entry.text}
                </li>
              ))}
            </ol>
          ) : (
            <p>{t.noConversation}</p>
          )}
        </Section>
        <div>
          <Section title={t.yourStatus}>
            <form className="inline-form" onSubmit={(event) => void saveStatus(event)}>
              <label htmlFor="staff-status">{t.yourStatus}</label>
              <select id="staff-status" value={status} onChange={(event) => setStatus(event.target.value as Lead["staffStatus"])}>
                {(["new", "contacted", "won", "lost"] as const).map((value) => (
                  <option key={value} value={value}>
                    {t[`staff_${value}`]}
                  </option>
                ))}
              </select>
              <button type="submit">{t.save}</button>
            </form>
          </Section>
          <Section title={t.notes}>
            {detail.notes.length === 0 ? (
              <p>{t.noNotes}</p>
            ) : (
              <ul className="notes">
                {detail.notes.map((entry) => (
                  <li key={entry.id}>
                    <p>{entry.body}</p>
                    <p className="muted">
                      {entry.author} · {formatWhen(entry.createdAt, lang)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <form onSubmit={(event) => void addNote(event)}>
              <label htmlFor="new-note">{t.addNote}</label>
              <textarea id="new-note" rows={3} required value={note} onChange={(event) => setNote(event.target.value)} />
              <button type="submit">{t.addNote}</button>
            </form>
          </Section>
          <Section title={t.answers}>
            <dl className="answers">
              {Object.entries(detail.answers).map(([key, value]) => (
                <div key={key}>
                  <dt>{stepName(key)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Section>
          <Section title={t.pricesShown}>
            {detail.prices.length === 0 ? <p>{t.notPriced}</p> : <ul>{detail.prices.map((price) => <li key={price.id}>{price.serviceName}</li>)}</ul>}
          </Section>
          <Section title={t.payments}>
            {detail.payments.length === 0 ? (
              <p>{t.noPayments}</p>
            ) : (
              <ul>
                {detail.payments.map((payment, index) => (
                  <li key={index}>
                    {formatAmount({ value: payment.amount, currency: payment.currency }, lang)} · {payment.paymentMethod} · {payment.term} · {payment.status}
                  </li>
                ))}
              </ul>
            )}
            {detail.booking && (
              <p>
                {t.booking}: {detail.booking.date}
              </p>
            )}
            {detail.objection && (
              <p>
                {t.objection}: {detail.objection.reason ?? ""} {detail.objection.comments ?? ""}
              </p>
            )}
          </Section>
          <Section title={t.deliveries}>
            {detail.deliveries.length === 0 ? (
              <p>{t.noDeliveries}</p>
            ) : (
              <ul className="deliveries">
                {detail.deliveries.map((delivery, index) => (
                  <li key={index}>
                    {delivery.eventType} → {delivery.channel === "email" ? delivery.to : new URL(delivery.to).host}: {delivery.state}
                    {delivery.attempts > 1 ? ` (${delivery.attempts})` : ""}
                    {delivery.lastError && delivery.state !== "delivered" ? ` · ${delivery.lastError}` : ""}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </article>
  );
}

const STAGES = ["opened", "started", "priced", "checkout", "won"] as const;

function FunnelChart({ row, t }: { row: FunnelRow; t: Words }) {
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

function Funnel({ t }: { t: Words }) {
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [range, setRange] = useState({ from: monthAgo, to: today });
  const [rows, setRows] = useState<FunnelRow[] | null>(null);
  useEffect(() => {
    const query = new URLSearchParams(Object.entries(range).filter(([, value]) => value !== "")).toString();
    api<{ rows: FunnelRow[] }>(`funnel?${query}`).then(
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
        }),
        { source: "all", opened: 0, started: 0, priced: 0, checkout: 0, won: 0, stoppedAt: [] },
      )
    : null;
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
                  </tr>
                ))}
              </tbody>
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

function Settings({ t, me, onSignOutEverywhere }: { t: Words; me: Me; onSignOutEverywhere: () => void }) {
  const [emails, setEmails] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const [staff, setStaff] = useState<Array<{ id: string; email: string; role: string }>>([]);
  const [invite, setInvite] = useState({ email: "", role: "staff" });
  const [said, setSaid] = useState("");
  const owner = me.role === "owner";
  const loadStaff = () => api<{ staff: Array<{ id: string; email: string; role: string }> }>("staff").then((answer) => setStaff(answer.staff));
  useEffect(() => {
    void api<{ alertEmails: string[]; alertEvents: string[] }>("settings").then((settings) => {
      setEmails(settings.alertEmails.join("\n"));
      setEvents(settings.alertEvents);
    });
    void loadStaff();
  }, []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const alertEmails = emails.split(/[\s,;]+/).filter(Boolean);
    await api("settings", { method: "POST", body: { alertEmails, alertEvents: events } }).then(
      () => setSaid(t.saved),
      () => setSaid(t.failed),
    );
  };
  const sendInvite = async (event: FormEvent) => {
    event.preventDefault();
    await api("staff", { method: "POST", body: invite }).then(
      async () => {
        setInvite({ email: "", role: "staff" });
        setSaid(t.invited);
        await loadStaff();
      },
      () => setSaid(t.failed),
    );
  };
  const remove = async (id: string) => {
    await api(`staff/${encodeURIComponent(id)}/remove`, { method: "POST", body: {} }).then(loadStaff, () => setSaid(t.failed));
  };
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t.settings}</h1>
      <p role="status">{said}</p>
      <Section title={t.alerts}>
        {!owner && <p>{t.ownersOnly}</p>}
        <form onSubmit={(event) => void save(event)}>
          <label htmlFor="alert-emails">{t.alertAddresses}</label>
          <textarea id="alert-emails" rows={3} value={emails} disabled={!owner} onChange={(event) => setEmails(event.target.value)} />
          <fieldset disabled={!owner}>
            <legend>{t.alertEvents}</legend>
            {EVENTS.map((name) => (
              <label key={name} className="check">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(event) => setEvents((list) => (event.target.checked ? [...list, name] : list.filter((item) => item !== name)))}
                />
                {t[`event_${name}`]}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={!owner}>
            {t.save}
          </button>
        </form>
      </Section>
      <Section title={t.team}>
        <ul className="team">
          {staff.map((member) => (
            <li key={member.id}>
              {member.email} · {member.role === "owner" ? t.role_owner : t.role_staff}
              {owner && member.email !== me.email && (
                <button type="button" className="link" onClick={() => void remove(member.id)}>
                  {t.remove} <span className="sr-only">{member.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
        {owner && (
          <form className="inline-form" onSubmit={(event) => void sendInvite(event)}>
            <label htmlFor="invite-email">{t.email}</label>
            <input id="invite-email" type="email" required value={invite.email} onChange={(event) => setInvite((i) => ({ ...i, email: event.target.value }))} />
            <label htmlFor="invite-role">{t.role}</label>
            <select id="invite-role" value={invite.role} onChange={(event) => setInvite((i) => ({ ...i, role: event.target.value }))}>
              <option value="staff">{t.role_staff}</option>
              <option value="owner">{t.role_owner}</option>
            </select>
            <button type="submit">{t.invite}</button>
          </form>
        )}
      </Section>
      <p>
        <button type="button" onClick={onSignOutEverywhere}>
          {t.signOutEverywhere}
        </button>
      </p>
    </section>
  );
}

const root = document.getElementById("console-root");
if (root) {
  root.textContent = "";
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
