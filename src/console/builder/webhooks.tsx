// The Webhooks page (issue 25, part B): the company's URLs (owners add and remove them; https,
// as the server checks), the signing secret (made by an owner, shown once), a signed test event
// sent at once to every URL, and the delivery log with each attempt and a retry. The log is
// read again every few seconds while the page is open, so a retry's outcome appears by itself.
import { useEffect, useId, useState, type FormEvent } from "react";
import { AcceptedSchema } from "../../contract/console.ts";
import { WebhookSecretSchema, WebhookTestSchema, WebhookUrlsSchema, WebhooksAnswerSchema, type WebhookTest, type WebhooksAnswer } from "../../contract/console-builder.ts";
import { ApiError, call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import { CONSOLE_WORDS } from "../../i18n/console-words.ts";
import type { Language } from "../../i18n/language-tags.ts";


const REFRESH_MS = 3000;

export function WebhooksPage({ lang }: { lang: Language }) {
  const t = CONSOLE_WORDS[lang].builder;
  const ids = { url: useId(), secret: useId() };
  const [answer, setAnswer] = useState<WebhooksAnswer | null | undefined>(undefined);
  const [newUrl, setNewUrl] = useState("");
  const [urlError, setUrlError] = useState("");
  const [secret, setSecret] = useState("");
  const [status, setStatus] = useState("");
  const [tested, setTested] = useState<WebhookTest | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const load = () => call(WebhooksAnswerSchema, "builder/webhooks").then(setAnswer, () => setAnswer((current) => current ?? null));
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (answer === undefined) return <p>{t.loading}</p>;
  if (answer === null) return <p role="alert">{t.loadFailed}</p>;
  const readOnly = !answer.canEdit;
  const failed = (error: unknown) => setStatus(error instanceof Error ? error.message : String(error));

  const saveUrls = async (urls: string[]) => {
    const saved = await call(WebhookUrlsSchema, "builder/webhooks/urls", { method: "PUT", json: { urls } });
    setAnswer((current) => current && { ...current, urls: saved.urls });
  };
  const addUrl = async (event: FormEvent) => {
    event.preventDefault();
    setUrlError("");
    try {
      await saveUrls([...answer.urls, newUrl.trim()]);
      setNewUrl("");
    } catch (error) {
      setUrlError(error instanceof ApiError ? (error.issues[0]?.message ?? error.message) : String(error));
    }
  };
  const rotate = async () => {
    if (!confirm(t.rotateConfirm)) return;
    try {
      setSecret((await call(WebhookSecretSchema, "builder/webhooks/secret", { method: "POST" })).secret);
      await load();
    } catch (error) {
      failed(error);
    }
  };
  const sendTest = async () => {
    setBusy(true);
    setTested(undefined);
    try {
      setTested(await call(WebhookTestSchema, "builder/webhooks/test", { method: "POST" }));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const retry = async (id: number) => {
    try {
      await call(AcceptedSchema, `builder/webhooks/deliveries/${id}/retry`, { method: "POST" });
      setStatus(t.retrying);
      await load();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <section className="builder webhooks-page" aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t.webhooksTitle}</h1>
      <p>{t.webhooksHelp}</p>
      {readOnly ? <p className="notice">{t.ownerOnly}</p> : null}
      <section className="panel" aria-labelledby="urls-title">
        <h2 id="urls-title">{t.urls}</h2>
        {answer.urls.length === 0 ? <p>{t.noUrls}</p> : null}
        <ul className="url-list">
          {answer.urls.map((url) => (
            <li key={url}>
              <code>{url}</code>
              {readOnly ? null : (
                <button type="button" className="secondary" aria-label={t.removeUrl(url)} onClick={() => void saveUrls(answer.urls.filter((u) => u !== url)).catch(failed)}>
                  ✕
                </button>
              )}
            </li>
          ))}
        </ul>
        {readOnly ? null : (
          <form className="inline-form" onSubmit={(event) => void addUrl(event)}>
            <div className="field">
              <label htmlFor={ids.url}>{t.newUrl}</label>
              <input
                id={ids.url}
                type="url"
                value={newUrl}
                required
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlError ? `${ids.url}-error` : undefined}
                onChange={(event) => setNewUrl(event.target.value)}
              />
              {urlError ? (
                <small id={`${ids.url}-error`} className="field-error">
                  {urlError}
                </small>
              ) : null}
            </div>
            <button type="submit">{t.addUrl}</button>
          </form>
        )}
      </section>
      <section className="panel" aria-labelledby="secret-title">
        <h2 id="secret-title">{t.secretTitle}</h2>
        <p>{answer.hasSecret ? t.secretSet : t.secretNone}</p>
        {secret ? (
          <div className="field">
            <label htmlFor={ids.secret}>{t.newSecret}</label>
            <input id={ids.secret} readOnly value={secret} aria-describedby={`${ids.secret}-help`} onFocus={(event) => event.target.select()} />
            <small id={`${ids.secret}-help`} className="notice">
              {t.newSecretHelp}
            </small>
          </div>
        ) : null}
        {readOnly ? null : (
          <button type="button" onClick={() => void rotate()}>
            {t.rotate}
          </button>
        )}
      </section>
      <section className="panel" aria-labelledby="test-title">
        <h2 id="test-title">{t.testTitle}</h2>
        <button type="button" disabled={busy || answer.urls.length === 0} onClick={() => void sendTest()}>
          {busy ? t.sending : t.sendTest}
        </button>
        <ul aria-live="polite" className="test-results">
          {tested?.results.map((result) => (
            <li key={result.url} className={result.ok ? "ok" : "field-error"}>
              {result.ok ? t.testOk(result.url, result.statusCode ?? 0, result.durationMs) : t.testFailed(result.url, result.error ?? "")}
            </li>
          ))}
        </ul>
      </section>
      <p role="status" className="status-line">
        {status}
      </p>
      <section className="panel" aria-labelledby="log-title">
        <h2 id="log-title">{t.logTitle}</h2>
        {answer.deliveries.length === 0 ? (
          <p>{t.logNone}</p>
        ) : (
          <div className="table-wrap">
            <table className="funnel-table delivery-log">
              <thead>
                <tr>
                  <th scope="col">{t.colEvent}</th>
                  <th scope="col">{t.colUrl}</th>
                  <th scope="col">{t.colState}</th>
                  <th scope="col">{t.colAttempts}</th>
                  <th scope="col">{t.colAction}</th>
                </tr>
              </thead>
              <tbody>
                {answer.deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery={delivery.id}>
                    <th scope="row">{delivery.eventType}</th>
                    <td>
                      <code>{delivery.url}</code>
                    </td>
                    <td>{t[`state_${delivery.state}`]}</td>
                    <td>
                      <ul className="attempts">
                        {delivery.attempts.map((attempt) => (
                          <li key={attempt.attempt}>{t.attempt(attempt.attempt, attempt.statusCode === null ? (attempt.error ?? t.noAnswer) : String(attempt.statusCode), formatWhen(attempt.attemptedAt, lang))}</li>
                        ))}
                      </ul>
                    </td>
                    <td>
                      <button type="button" className="secondary" aria-label={`${t.retry}: ${delivery.eventType} → ${delivery.url}`} onClick={() => void retry(delivery.id)}>
                        {t.retry}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
