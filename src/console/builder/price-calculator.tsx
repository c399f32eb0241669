// 'What would this cost?' on the Prices page (issue 25, part B): a lawn size and a ZIP code sent
// to the server, which prices them with the quote route's and the amount check's own code (the
// unsaved form when it has changes, else the saved table); every amount shown is the server's
// decimal string, formatted.
import { useId, useState, type FormEvent } from "react";
import { CalculationSchema, type Calculation, type FieldIssue } from "../../contract/console-builder.ts";
import { call } from "../api/client.ts";
import { formatMoney, formatNumber } from "../shared/format.ts";
import type { BuilderWords } from "../../i18n/console-words.ts";
import type { Json } from "./prices-form.ts";
import type { Language } from "../../i18n/language-tags.ts";


export interface CalculatorBot {
  botId: string;
}



export function Calculator({
  t,
  lang,
  unit,
  bots,
  draft,
}: {
  t: BuilderWords;
  lang: Language;
  unit: string;
  bots: CalculatorBot[];
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
      const calculation = await call(CalculationSchema, "builder/prices/calculate", {
        json: { botId, size: Number(size), postalCode: zip, ...(fromDraft ? { document: unsaved.document } : {}) },
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
  const taxText = calc?.status === "ok" && calc.taxPercent ? `${formatNumber(calc.taxPercent, lang, { maximumFractionDigits: 4 })} %` : t.noTax;
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

