// The Prices page (issue 25, part B): the company's pricing table as a form (brackets, each
// program's price, offers and pre-pay discount, upfront plans), saved through the console API,
// which checks it with the admin API's own schema; a refusal is shown next to each field at
// fault and nothing is saved. Amounts are edited as decimal strings and sent as the document's
// numbers; no sum is ever made here. Below, 'what would this cost': the server prices a lawn
// size at a ZIP code with the code that prices a visitor's quote.
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { BuilderApiError, builderApi, formatMoney, formatWhen, type FieldIssue } from "./api.ts";
import { builderWords, type BuilderWords } from "./builder-words.ts";

type Lang = "en" | "es";
type Json = Record<string, unknown>;

interface OfferForm {
  discountType: "percentage-off" | "fixed-price" | "discounted-price-table";
  percent: string;
  price: string;
  prices: string[];
  appliedTo: "first-app" | "entire-program";
  hide: boolean;
}
interface ProgramForm {
  /** The program as loaded: the fields this form does not edit are sent back as they were. */
  original: Json;
  name: string;
  applications: string;
  kind: "lawn-size" | "flat" | "upfront";
  perApplication: string[];
  flat: string;
  upfrontPrice: string;
  recurringPrice: string;
  recurringPeriod: string;
  recurringPayments: string;
  prePayDiscount: string;
  offers: OfferForm[];
}
interface PricesForm {
  original: Json;
  brackets: string[];
  programs: ProgramForm[];
}
interface PricesAnswer {
  document: Json | null;
  version: number;
  versions: Array<{ version: number; changedBy: string; changedAt: string }>;
  bots: Array<{ botId: string; companyName: string; currency: string; unit: string }>;
  canEdit: boolean;
}
interface Calculation {
  status: "ok" | "too-big";
  currency: string;
  unit: string;
  taxPercent: number | null;
  largestBracket?: number;
  programs: Array<{ programId: string; serviceName: string; perApplication: string; firstApplication: string; dueToday: string; taxToday: string; prePay: string }>;
}

/** A number of the stored document as the form shows it ("45.5" → "45.50" for a 2-digit currency). */
const amountText = (value: unknown, digits: number) => (typeof value === "number" ? value.toFixed(digits) : "");
const numberText = (value: unknown) => (typeof value === "number" ? String(value) : "");
const AMOUNT = /^\d{1,7}(\.\d{1,4})?$/;
const WHOLE = /^\d{1,9}$/;

function toForm(document: Json, digits: number): PricesForm {
  const programs = (document.programs as Json[]).map((program): ProgramForm => {
    const price = program.price as Json;
    const perApplication = Array.isArray(price.perApplication) ? (price.perApplication as unknown[]).map((v) => amountText(v, digits)) : [];
    return {
      original: program,
      name: String(program.name ?? ""),
      applications: numberText(program.applications),
      kind: price.kind as ProgramForm["kind"],
      perApplication,
      flat: price.kind === "flat" ? amountText(price.perApplication, digits) : "",
      upfrontPrice: amountText(price.upfrontPrice, digits),
      recurringPrice: amountText(price.recurringPrice, digits),
      recurringPeriod: numberText(price.recurringPeriod),
      recurringPayments: numberText(price.recurringPayments),
      prePayDiscount: numberText(program.prePayDiscount ?? 0),
      offers: ((program.offers as Json[] | undefined) ?? []).map((offer) => ({
        discountType: offer.discountType as OfferForm["discountType"],
        percent: numberText(offer.percent),
        price: amountText(offer.price, digits),
        prices: Array.isArray(offer.prices) ? (offer.prices as unknown[]).map((v) => amountText(v, digits)) : [],
        appliedTo: (offer.appliedTo as OfferForm["appliedTo"]) ?? "first-app",
        hide: offer.hide === true,
      })),
    };
  });
  return { original: document, brackets: ((document.lawnSizeBrackets as unknown[] | undefined) ?? []).map(numberText), programs };
}

/** The form as the pricing document, and the fields whose text is not a number (checked here, before any request). */
function toDocument(form: PricesForm, t: BuilderWords): { document: Json; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const amount = (text: string, path: string) => {
    if (!AMOUNT.test(text.trim())) issues.push({ path, message: t.notAnAmount });
    return Number(text.trim());
  };
  const count = (text: string, path: string) => {
    if (!WHOLE.test(text.trim())) issues.push({ path, message: t.notANumber });
    return Number(text.trim());
  };
  const brackets = form.brackets.map((text, i) => count(text, `lawnSizeBrackets.${i}`));
  const programs = form.programs.map((program, i) => {
    const at = `programs.${i}`;
    const price =
      program.kind === "lawn-size"
        ? { kind: "lawn-size", perApplication: program.perApplication.map((text, j) => amount(text, `${at}.price.perApplication.${j}`)) }
        : program.kind === "flat"
          ? { kind: "flat", perApplication: amount(program.flat, `${at}.price.perApplication`) }
          : {
              kind: "upfront",
              upfrontPrice: amount(program.upfrontPrice, `${at}.price.upfrontPrice`),
              recurringPrice: amount(program.recurringPrice, `${at}.price.recurringPrice`),
              recurringPeriod: count(program.recurringPeriod, `${at}.price.recurringPeriod`),
              recurringPayments: count(program.recurringPayments, `${at}.price.recurringPayments`),
            };
    const offers = program.offers.map((offer, j) => {
      const where = `${at}.offers.${j}`;
      const base = { discountType: offer.discountType, appliedTo: offer.appliedTo, hide: offer.hide };
      if (offer.discountType === "percentage-off") return { ...base, percent: amount(offer.percent, `${where}.percent`) };
      if (offer.discountType === "fixed-price") return { ...base, price: amount(offer.price, `${where}.price`) };
      return { ...base, prices: offer.prices.map((text, k) => amount(text, `${where}.prices.${k}`)) };
    });
    return {
      ...program.original,
      name: program.name,
      applications: count(program.applications, `${at}.applications`),
      price,
      offers,
      prePayDiscount: amount(program.prePayDiscount, `${at}.prePayDiscount`),
    };
  });
  return { document: { ...form.original, lawnSizeBrackets: brackets, programs }, issues };
}

/** Resizes every per-bracket list to `count` amounts (a new bracket starts empty). */
const resize = (list: string[], count: number) => (list.length >= count ? list.slice(0, count) : [...list, ...Array<string>(count - list.length).fill("")]);

const fieldId = (path: string) => `price-${path.replace(/\./g, "-")}`;

function Field({ path, label, help, issues, children }: { path: string; label: string; help?: string; issues: Map<string, string>; children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const id = fieldId(path);
  const error = issues.get(path);
  const described = [help ? `${id}-help` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className={`field${error ? " has-error" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {help ? (
        <small id={`${id}-help`} className="muted">
          {help}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
}

export function PricesPage({ lang }: { lang: Lang }) {
  const t = builderWords(lang);
  const [loaded, setLoaded] = useState<PricesAnswer | null | undefined>(undefined);
  const [form, setForm] = useState<PricesForm | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [status, setStatus] = useState<string>("");
  const [saving, setSaving] = useState(false);

  const load = () =>
    builderApi<PricesAnswer>("prices")
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
      const saved = await builderApi<{ version: number }>("prices", { method: "PUT", body: { document, baseVersion: loaded.version } });
      setIssues([]);
      await load();
      setStatus(t.saved(saved.version));
    } catch (error) {
      if (error instanceof BuilderApiError && error.status === 400) {
        setIssues(error.issues.length > 0 ? error.issues : [{ path: "", message: error.message }]);
        setStatus(t.notSaved);
      } else if (error instanceof BuilderApiError && error.status === 403) setStatus(t.staffCannotSave);
      else if (error instanceof BuilderApiError && error.status === 409) setStatus(t.conflict);
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

function ProgramFields({
  t,
  index,
  program,
  readOnly,
  issues,
  bracketLabel,
  bracketCount,
  onChange,
}: {
  t: BuilderWords;
  index: number;
  program: ProgramForm;
  readOnly: boolean;
  issues: Map<string, string>;
  bracketLabel: (i: number) => string;
  bracketCount: number;
  onChange: (update: (program: ProgramForm) => ProgramForm) => void;
}) {
  const at = `programs.${index}`;
  const set = (patch: Partial<ProgramForm>) => onChange((current) => ({ ...current, ...patch }));
  const setOffer = (j: number, patch: Partial<OfferForm>) => onChange((current) => ({ ...current, offers: current.offers.map((offer, k) => (k === j ? { ...offer, ...patch } : offer)) }));
  const kindLabel = program.kind === "lawn-size" ? t.kind_lawnSize : program.kind === "flat" ? t.kind_flat : t.kind_upfront;
  const offerTypeId = useId();
  return (
    <fieldset disabled={readOnly} className="program">
      <legend>
        {program.name || String(program.original.id)} <span className="muted">({kindLabel})</span>
      </legend>
      <div className="field-row">
        <Field path={`${at}.name`} label={t.programName} issues={issues}>
          {(props) => <input {...props} value={program.name} onChange={(event) => set({ name: event.target.value })} />}
        </Field>
        <Field path={`${at}.applications`} label={t.applications} issues={issues}>
          {(props) => <input {...props} inputMode="numeric" value={program.applications} onChange={(event) => set({ applications: event.target.value })} />}
        </Field>
        {program.kind !== "upfront" ? (
          <Field path={`${at}.prePayDiscount`} label={t.prePayDiscount} help={t.prePayHelp} issues={issues}>
            {(props) => <input {...props} inputMode="decimal" value={program.prePayDiscount} onChange={(event) => set({ prePayDiscount: event.target.value })} />}
          </Field>
        ) : null}
      </div>
      <div className="field-row">
        {program.kind === "lawn-size"
          ? program.perApplication.map((text, j) => (
              <Field key={j} path={`${at}.price.perApplication.${j}`} label={t.perApplicationFor(bracketLabel(j))} issues={issues}>
                {(props) => (
                  <input {...props} inputMode="decimal" value={text} onChange={(event) => set({ perApplication: program.perApplication.map((p, k) => (k === j ? event.target.value : p)) })} />
                )}
              </Field>
            ))
          : null}
        {program.kind === "flat" ? (
          <Field path={`${at}.price.perApplication`} label={t.perApplication} issues={issues}>
            {(props) => <input {...props} inputMode="decimal" value={program.flat} onChange={(event) => set({ flat: event.target.value })} />}
          </Field>
        ) : null}
        {program.kind === "upfront" ? (
          <>
            <Field path={`${at}.price.upfrontPrice`} label={t.upfrontPrice} issues={issues}>
              {(props) => <input {...props} inputMode="decimal" value={program.upfrontPrice} onChange={(event) => set({ upfrontPrice: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPrice`} label={t.recurringPrice} issues={issues}>
              {(props) => <input {...props} inputMode="decimal" value={program.recurringPrice} onChange={(event) => set({ recurringPrice: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPeriod`} label={t.recurringPeriod} issues={issues}>
              {(props) => <input {...props} inputMode="numeric" value={program.recurringPeriod} onChange={(event) => set({ recurringPeriod: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPayments`} label={t.recurringPayments} issues={issues}>
              {(props) => <input {...props} inputMode="numeric" value={program.recurringPayments} onChange={(event) => set({ recurringPayments: event.target.value })} />}
            </Field>
          </>
        ) : null}
      </div>
      {program.kind !== "upfront" ? (
        <div className="offers">
          <h3>{t.offers}</h3>
          {program.offers.map((offer, j) => {
            const where = `${at}.offers.${j}`;
            return (
              <div key={j} className="offer field-row">
                <Field path={`${where}.discountType`} label={t.offerType} issues={issues}>
                  {(props) => (
                    <select
                      {...props}
                      value={offer.discountType}
                      onChange={(event) => {
                        const discountType = event.target.value as OfferForm["discountType"];
                        setOffer(j, { discountType, prices: discountType === "discounted-price-table" ? resize(offer.prices, bracketCount) : offer.prices });
                      }}
                    >
                      <option value="percentage-off">{t.offer_percentageOff}</option>
                      <option value="fixed-price">{t.offer_fixedPrice}</option>
                      {program.kind === "lawn-size" ? <option value="discounted-price-table">{t.offer_discountedPriceTable}</option> : null}
                    </select>
                  )}
                </Field>
                {offer.discountType === "percentage-off" ? (
                  <Field path={`${where}.percent`} label={t.offerPercent} issues={issues}>
                    {(props) => <input {...props} inputMode="decimal" value={offer.percent} onChange={(event) => setOffer(j, { percent: event.target.value })} />}
                  </Field>
                ) : null}
                {offer.discountType === "fixed-price" ? (
                  <Field path={`${where}.price`} label={t.offerPrice} issues={issues}>
                    {(props) => <input {...props} inputMode="decimal" value={offer.price} onChange={(event) => setOffer(j, { price: event.target.value })} />}
                  </Field>
                ) : null}
                {offer.discountType === "discounted-price-table"
                  ? offer.prices.map((text, k) => (
                      <Field key={k} path={`${where}.prices.${k}`} label={t.offerPriceFor(bracketLabel(k))} issues={issues}>
                        {(props) => <input {...props} inputMode="decimal" value={text} onChange={(event) => setOffer(j, { prices: offer.prices.map((p, m) => (m === k ? event.target.value : p)) })} />}
                      </Field>
                    ))
                  : null}
                <Field path={`${where}.appliedTo`} label={t.appliedTo} issues={issues}>
                  {(props) => (
                    <select {...props} value={offer.appliedTo} onChange={(event) => setOffer(j, { appliedTo: event.target.value === "entire-program" ? "entire-program" : "first-app" })}>
                      <option value="first-app">{t.appliedFirst}</option>
                      <option value="entire-program">{t.appliedAll}</option>
                    </select>
                  )}
                </Field>
                <label className="check" htmlFor={`${offerTypeId}-${j}-hide`}>
                  <input id={`${offerTypeId}-${j}-hide`} type="checkbox" checked={offer.hide} onChange={(event) => setOffer(j, { hide: event.target.checked })} />
                  {t.hideOffer}
                </label>
                <button type="button" className="secondary" onClick={() => onChange((current) => ({ ...current, offers: current.offers.filter((_, k) => k !== j) }))}>
                  {t.removeOffer}
                </button>
              </div>
            );
          })}
          {program.offers.length < 5 ? (
            <button
              type="button"
              className="secondary"
              onClick={() => onChange((current) => ({ ...current, offers: [...current.offers, { discountType: "percentage-off", percent: "", price: "", prices: [], appliedTo: "first-app", hide: false }] }))}
            >
              {t.addOffer}
            </button>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

function Calculator({
  t,
  lang,
  unit,
  bots,
  draft,
}: {
  t: BuilderWords;
  lang: Lang;
  unit: string;
  bots: PricesAnswer["bots"];
  /** The editor's unsaved document when it differs from the saved one. */
  draft: () => { document: Json; issues: FieldIssue[] } | undefined;
}) {
  const ids = { size: useId(), zip: useId(), bot: useId() };
  const [size, setSize] = useState("");
  const [zip, setZip] = useState("");
  const [botId, setBotId] = useState(bots[0]?.botId ?? "");
  const [result, setResult] = useState<{ calculation: Calculation; fromDraft: boolean } | undefined>(undefined);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    setError("");
    const unsaved = draft();
    const fromDraft = unsaved !== undefined && unsaved.issues.length === 0;
    setBusy(true);
    try {
      const calculation = await builderApi<Calculation>("prices/calculate", {
        method: "POST",
        body: { botId, size: Number(size), postalCode: zip, ...(fromDraft ? { document: unsaved.document } : {}) },
      });
      setResult({ calculation, fromDraft });
    } catch (caught) {
      setResult(undefined);
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  const calc = result?.calculation;
  const taxText = calc?.taxPercent ? `${new Intl.NumberFormat(lang === "es" ? "es" : "en-US", { maximumFractionDigits: 4 }).format(calc.taxPercent)} %` : t.noTax;
  return (
    <section className="panel calculator" aria-labelledby="calc-title">
      <h2 id="calc-title">{t.calcTitle}</h2>
      <p className="muted">{t.calcHelp}</p>
      <form className="filters" onSubmit={(event) => void calculate(event)}>
        <label htmlFor={ids.size}>
          {t.lawnSize(unit)}
          <input id={ids.size} inputMode="numeric" required value={size} onChange={(event) => setSize(event.target.value)} />
        </label>
        <label htmlFor={ids.zip}>
          {t.zip}
          <input id={ids.zip} autoComplete="postal-code" required value={zip} onChange={(event) => setZip(event.target.value)} />
        </label>
        {bots.length > 1 ? (
          <label htmlFor={ids.bot}>
            {t.bot}
            <select id={ids.bot} value={botId} onChange={(event) => setBotId(event.target.value)}>
              {bots.map((bot) => (
                <option key={bot.botId} value={bot.botId}>
                  {bot.botId}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" disabled={busy}>
          {t.calculate}
        </button>
      </form>
      <div aria-live="polite">
        {error ? <p className="field-error">{error}</p> : null}
        {calc?.status === "too-big" ? <p>{t.calcTooBig(`${calc.largestBracket ?? ""} ${calc.unit}`)}</p> : null}
        {calc?.status === "ok" ? (
          <div className="table-wrap">
            <p className="muted">{result?.fromDraft ? t.calcDraft : t.calcSaved}</p>
            <table className="funnel-table calc-table">
              <caption>{t.calcCaption(taxText)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.colProgram}</th>
                  <th scope="col">{t.colPerApplication}</th>
                  <th scope="col">{t.colFirst}</th>
                  <th scope="col">{t.colDueToday}</th>
                  <th scope="col">{t.colTaxToday}</th>
                  <th scope="col">{t.colPrePay}</th>
                </tr>
              </thead>
              <tbody>
                {calc.programs.map((program) => (
                  <tr key={program.programId} data-program={program.programId}>
                    <th scope="row">{program.serviceName}</th>
                    <td>{formatMoney(program.perApplication, calc.currency, lang)}</td>
                    <td>{formatMoney(program.firstApplication, calc.currency, lang)}</td>
                    <td>{formatMoney(program.dueToday, calc.currency, lang)}</td>
                    <td>{formatMoney(program.taxToday, calc.currency, lang)}</td>
                    <td>{formatMoney(program.prePay, calc.currency, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
