// A lead's page: the conversation as the visitor saw it, the staff's status and notes, the
// answers, prices, payments, follow-ups and deliveries.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { FollowUp, Lead, LeadDetail } from "../../contract/console.ts";
import { localeFor, type Language } from "../../i18n/language.ts";
import { AcceptedSchema, LeadDetailSchema } from "../../contract/console.ts";
import { call } from "../api/client.ts";
import { formatAmount, formatWhen, stepName } from "../shared/format.ts";
import { LeadFacts, Section, StatusBadge } from "../shared/common.tsx";
import { outlineCounts, type LawnOutline } from "../../contract/lawn-outline.ts";

export function LeadPage({ t, lang, quoteId }: { t: ConsoleWords; lang: Language; quoteId: string }) {
  const [detail, setDetail] = useState<LeadDetail | null | "missing">(null);
  const [status, setStatus] = useState<Lead["staffStatus"]>("new");
  const [note, setNote] = useState("");
  const [said, setSaid] = useState("");
  const load = useCallback(
    () =>
      call(LeadDetailSchema, `leads/${encodeURIComponent(quoteId)}`)
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
    await call(AcceptedSchema, `leads/${encodeURIComponent(quoteId)}/status`, { json: { status } }).then(
      () => setSaid(t.saved),
      () => setSaid(t.failed),
    );
  };
  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    await call(AcceptedSchema, `leads/${encodeURIComponent(quoteId)}/notes`, { json: { body: note } }).then(
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
        <LeadFacts lead={lead} t={t} lang={lang} />
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
          {detail.measurement && (
            <Section title={t.lawnMeasured}>
              <p className="measured-figure">
                {detail.measurement.value.toLocaleString(localeFor(lang, undefined))} {detail.measurement.units}
              </p>
              {/^data:image\/(png|jpeg);base64,/.test(detail.measurement.image ?? "") && (
                <img className="measured-picture" src={detail.measurement.image!} alt={t.lawnMeasuredPicture} />
              )}
              {detail.measurement.outline && <OutlineFacts t={t} quoteId={quoteId} outline={detail.measurement.outline} />}
            </Section>
          )}
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
          <FollowUps t={t} lang={lang} followUps={detail.followUps ?? []} />
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

/** What the outline holds, and the outline itself as a GeoJSON file (for mapping tools or a CRM). */
function OutlineFacts({ t, quoteId, outline }: { t: ConsoleWords; quoteId: string; outline: LawnOutline }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(outline)], { type: "application/geo+json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `lawn-${quoteId}.geojson`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <p className="measured-outline">
      {t.outlineShapes(outlineCounts(outline))}{" "}
      <button type="button" onClick={download}>
        {t.downloadOutline}
      </button>
    </p>
  );
}

/** The texts and e-mails sent to bring the homeowner back (issue 34): when, how it went, why it stopped. */
function FollowUps({ t, lang, followUps }: { t: ConsoleWords; lang: Language; followUps: readonly FollowUp[] }) {
  return (
    <Section title={t.followUps}>
      {followUps.length === 0 ? (
        <p>{t.noFollowUps}</p>
      ) : (
        <ol className="follow-ups">
          {followUps.map((followUp) => (
            <li key={followUp.step} data-state={followUp.state}>
              <strong>{t[`channel_${followUp.channel}`]}</strong> · {t[`followUp_${followUp.state}`]} ·{" "}
              {followUp.sentAt ? t.followUpSentAt(formatWhen(followUp.sentAt, lang)) : t.followUpDue(formatWhen(followUp.dueAt, lang))}
              {followUp.channel === "sms" && followUp.deliveryStatus ? ` · ${t.followUpDelivery(followUp.deliveryStatus)}` : ""}
              {followUp.outcome && followUp.state !== "sent" ? ` · ${t.followUpWhy(t.followUpOutcome(followUp.outcome))}` : ""}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
