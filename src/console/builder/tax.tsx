// The Tax table page (issue 25, part B): the company's sales-tax CSV (issue 28's vendors'
// layout) from a file or pasted, parsed on the server by the go-live import's own parser; the
// last import's date, file and row count. Only an owner imports.
import { useEffect, useId, useState, type FormEvent } from "react";
import { TaxImportSchema, type TaxImport } from "../../contract/console-builder.ts";
import { call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import { CONSOLE_WORDS } from "../../i18n/console-words.ts";
import type { Language } from "../../i18n/language-tags.ts";


export function TaxPage({ lang, role }: { lang: Language; role: "owner" | "staff" }) {
  const t = CONSOLE_WORDS[lang].builder;
  const ids = { file: useId(), paste: useId() };
  const [last, setLast] = useState<TaxImport | null | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [status, setStatus] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const readOnly = role !== "owner";

  const load = () => call(TaxImportSchema, "builder/tax-rates").then(setLast, () => setLast(null));
  useEffect(() => {
    void load();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus("");
    setError("");
    const text = file ? await file.text() : pasted;
    if (text.trim() === "") {
      setError(t.taxNothing);
      return;
    }
    setBusy(true);
    try {
      const saved = await call(TaxImportSchema, "builder/tax-rates", {
        method: "PUT",
        text: { body: text, contentType: "text/csv; charset=utf-8", headers: file ? { "X-File-Name": file.name.replace(/[^\w .()-]/g, "") } : {} },
      });
      setStatus(t.taxImported(saved.rowCount));
      setPasted("");
      await load();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  if (last === undefined) return <p>{t.loading}</p>;
  if (last === null) return <p role="alert">{t.loadFailed}</p>;
  return (
    <section className="builder" aria-labelledby="tax-title">
      <h1 id="tax-title">{t.taxTitle}</h1>
      <p>{t.taxHelp}</p>
      <p className="panel" data-testid="tax-last">
        {last.importedAt ? t.taxLast(formatWhen(last.importedAt, lang), last.rowCount, last.source ?? "") : t.taxNone}
      </p>
      {readOnly ? <p className="notice">{t.ownerOnly}</p> : null}
      <form onSubmit={(event) => void submit(event)}>
        <fieldset disabled={readOnly}>
          <div className="field">
            <label htmlFor={ids.file}>{t.taxFile}</label>
            <input id={ids.file} type="file" accept=".csv,text/csv" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          </div>
          <div className="field">
            <label htmlFor={ids.paste}>{t.taxPaste}</label>
            <textarea id={ids.paste} rows={6} value={pasted} aria-invalid={error ? true : undefined} aria-describedby={error ? `${ids.paste}-error` : undefined} onChange={(event) => setPasted(event.target.value)} />
            {error ? (
              <small id={`${ids.paste}-error`} className="field-error">
                {error}
              </small>
            ) : null}
          </div>
          <button type="submit" disabled={busy}>
            {busy ? t.taxImporting : t.taxImport}
          </button>
        </fieldset>
      </form>
      <p role="status" className="status-line">
        {status}
      </p>
    </section>
  );
}
