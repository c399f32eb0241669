// Small pieces every console page shares: the language picker, a titled panel, a lead's status
// badge, amount and source.
import { useId, type ReactNode } from "react";
import type { ConsoleWords } from "../../i18n/console-words.ts";
import type { Lead } from "../../contract/console.ts";
import { LANGUAGES, languageOf, type Language } from "../../i18n/language-tags.ts";

/** A language's name in itself: "English", "Español". */
const ownName = (code: Language) => {
  const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
};
import { formatAmount, stepName } from "./format.ts";

export function LangPicker({ lang, setLang, t }: { lang: Language; setLang: (lang: Language) => void; t: ConsoleWords }) {
  const id = useId();
  return (
    <span className="lang">
      <label htmlFor={id}>{t.language}</label>
      <select id={id} value={lang} onChange={(event) => setLang(languageOf(event.target.value) ?? "en")}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {ownName(code)}
          </option>
        ))}
      </select>
    </span>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function StatusBadge({ lead, t }: { lead: Pick<Lead, "status" | "lastStepId">; t: ConsoleWords }) {
  const text = lead.status === "stopped" ? t.stoppedAt(stepName(lead.lastStepId)) : t[`status_${lead.status}`];
  return <span className={`badge badge-${lead.status}`}>{text}</span>;
}

export function AmountText({ lead, t, lang }: { lead: Lead; t: ConsoleWords; lang: Language }) {
  if (!lead.amount) return <span className="muted">{t.notPriced}</span>;
  return (
    <span>
      {formatAmount(lead.amount, lang)} <span className="muted">{lead.amount.paid ? t.paid : t.quoted}</span>
    </span>
  );
}

export function sourceText(lead: Lead) {
  const a = lead.attribution ?? {};
  const extra = [a.utm_medium, a.utm_campaign, a.gclid ? `gclid ${a.gclid}` : "", a.fbclid ? `fbclid ${a.fbclid}` : "", a.msclkid ? `msclkid ${a.msclkid}` : ""].filter(Boolean);
  return extra.length ? `${lead.source} (${extra.join(", ")})` : lead.source;
}

/** The rows a lead shows wherever it is listed: address, services, amount, source (inside a <dl>). */
export function LeadFacts({ lead, t, lang }: { lead: Lead; t: ConsoleWords; lang: Language }) {
  return (
    <>
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
    </>
  );
}
