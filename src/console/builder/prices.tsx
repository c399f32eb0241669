// The Prices page (issue 25, part B): the company's pricing table as a form (brackets, each
// program's price, offers and pre-pay discount, upfront plans), saved through the console API,
// which checks it with the admin API's own schema; a refusal is shown next to each field at
// fault and nothing is saved. Amounts are edited as decimal strings and sent as the document's
// numbers; no sum is ever made here. Below, 'what would this cost': the server prices a lawn
// size at a ZIP code with the code that prices a visitor's quote.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { PricesAnswerSchema, SavedVersionSchema, type FieldIssue, type PricesAnswer } from "../../contract/console-builder.ts";
import { ApiError, call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import { CONSOLE_WORDS } from "../../i18n/console-words.ts";
import { Calculator } from "./price-calculator.tsx";
import { Field, fieldId } from "./price-field.tsx";
import { resize, toDocument, toForm, type Json, type PricesForm, type ProgramForm } from "./prices-form.ts";
import { ProgramFields } from "./program-fields.tsx";

import type { Language } from "../../i18n/language-tags.ts";


export function PricesPage({ lang }: { lang: Language }) {
  const t = CONSOLE_WORDS[lang].builder;
  const [loaded, setLoaded] = useState<PricesAnswer | null | undefined>(undefined);
  const [form, setForm] = useState<PricesForm | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [status, setStatus] = useState<string>("");
  const [saving, setSaving] = useState(false);

  const load = () =>
    call(PricesAnswerSchema, "builder/prices")
      .then((answer) => {
        setLoaded(answer);
        setForm(answer.document ? toForm(answer.document, digitsOf(answer)) : undefined);
        setDirty(false);
      })
      .catch(() => setLoaded(null));
  useEffect(() => {
    void load();
  }, []);

  const byPath = useMemo(() => new Map(issues.map((issue) => [issue.path, issue.message])), [issues]);
  if (loaded === undefined) return <p>{t.loading}</p>;
  if (loaded === null) return <p role="alert">{t.loadFailed}</p>;
  const bot = loaded.bots[0];
  const currency = String(form?.original.currency ?? bot?.currency ?? "USD");
  const unit = String(form?.original.unit ?? bot?.unit ?? "sq ft");
  const readOnly = !loaded.canEdit;

  const change = (update: (form: PricesForm) => PricesForm) => {
    setForm((current) => (current ? update(current) : current));
    setDirty(true);
    setStatus("");
  };
  const changeProgram = (i: number, update: (program: ProgramForm) => ProgramForm) =>
    change((current) => ({ ...current, programs: current.programs.map((program, j) => (j === i ? update(program) : program)) }));
  const setBracketCount = (count: number) =>
    change((current) => ({
      ...current,
      brackets: resize(current.brackets, count),
      programs: current.programs.map((program) => ({
        ...program,
        perApplication: program.kind === "lawn-size" ? resize(program.perApplication, count) : program.perApplication,
        offers: program.offers.map((offer) => (offer.discountType === "discounted-price-table" ? { ...offer, prices: resize(offer.prices, count) } : offer)),
      })),
    }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const { document, issues: local } = toDocument(form, t);
    if (local.length > 0) {
      setIssues(local);
      setStatus(t.notSaved);
      return;
    }
    setSaving(true);
    try {
      const saved = await call(SavedVersionSchema, "builder/prices", { method: "PUT", json: { document, baseVersion: loaded.version } });
      setIssues([]);
      await load();
      setStatus(t.saved(saved.version));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setIssues(error.issues.length > 0 ? error.issues : [{ path: "", message: error.message }]);
        setStatus(t.notSaved);
      } else if (error instanceof ApiError && error.status === 403) setStatus(t.staffCannotSave);
      else if (error instanceof ApiError && error.status === 409) setStatus(t.conflict);
      else setStatus(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const bracketLabel = (i: number) => `${form?.brackets[i] ?? "?"} ${unit}`;
  const shownIssues = issues.filter((issue) => !document.getElementById(fieldId(issue.path)));

  return (
    <section className="builder prices-page" aria-labelledby="prices-title">
      <h1 id="prices-title">{t.pricesTitle}</h1>
      <p>{t.pricesHelp.replace("{currency}", currency).replace("{unit}", unit)}</p>
      {readOnly ? (
        <p className="notice" id="prices-owner-only">
          {t.staffCannotSave}
        </p>
      ) : null}
      {form ? (
        <form onSubmit={(event) => void save(event)} noValidate aria-describedby={readOnly ? "prices-owner-only" : undefined}>
          <fieldset disabled={readOnly}>
            <legend>{t.brackets}</legend>
            <p className="muted">{t.bracketsHelp}</p>
            <div className="field-row">
              {form.brackets.map((text, i) => (
                <Field key={i} path={`lawnSizeBrackets.${i}`} label={t.upTo(i + 1)} issues={byPath}>
                  {(props) => (
                    <input {...props} inputMode="numeric" value={text} onChange={(event) => change((current) => ({ ...current, brackets: current.brackets.map((b, j) => (j === i ? event.target.value : b)) }))} />
                  )}
                </Field>
              ))}
            </div>
            <div className="inline-form">
              <button type="button" className="secondary" onClick={() => setBracketCount(form.brackets.length + 1)}>
                {t.addBracket}
              </button>
              {form.brackets.length > 1 ? (
                <button type="button" className="secondary" onClick={() => setBracketCount(form.brackets.length - 1)}>
                  {t.removeBracket}
                </button>
              ) : null}
            </div>
          </fieldset>
          {form.programs.map((program, i) => (
            <ProgramFields key={i} t={t} index={i} program={program} readOnly={readOnly} issues={byPath} bracketLabel={bracketLabel} bracketCount={form.brackets.length} onChange={(update) => changeProgram(i, update)} />
          ))}
          {form.original.bots && Object.keys(form.original.bots as Json).length > 0 ? <p className="muted">{t.otherBots}</p> : null}
          {shownIssues.length > 0 ? (
            <div className="field-error" role="group" aria-label={t.problems}>
              <ul>
                {shownIssues.map((issue) => (
                  <li key={issue.path + issue.message}>{issue.path ? `${issue.path}: ${issue.message}` : issue.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="inline-form">
            <button type="submit" disabled={readOnly || saving}>
              {saving ? t.saving : t.save}
            </button>
          </div>
        </form>
      ) : null}
      <p role="status" className="status-line">
        {status}
      </p>
      <Calculator t={t} lang={lang} unit={unit} bots={loaded.bots} draft={() => (dirty && form ? toDocument(form, t) : undefined)} />
      {loaded.versions.length > 0 ? (
        <section className="panel" aria-labelledby="prices-versions">
          <h2 id="prices-versions">{t.versions}</h2>
          <ol className="versions">
            {loaded.versions.map((version) => (
              <li key={version.version}>{t.versionLine(version.version, version.changedBy, formatWhen(version.changedAt, lang))}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}


const digitsOf = (answer: PricesAnswer) => (String(answer.document?.currency ?? answer.bots[0]?.currency) === "JPY" ? 0 : 2);
