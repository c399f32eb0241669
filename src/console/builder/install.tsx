// The Install page (issue 25, part B): this company's snippet for each bot with a copy button
// (announced 'Copied' to screen readers), where the widget has been seen (the first
// configuration load per site origin, recorded by the backend), and docs/install.md's guides
// for each site builder, rendered here with this company's values.
import { useEffect, useId, useState } from "react";
import installGuide from "../../../docs/install.md";
import { InstallAnswerSchema, type InstallAnswer } from "../../contract/console-builder.ts";
import { call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import { CONSOLE_WORDS } from "../../i18n/console-words.ts";
import { MarkdownContent, splitSections } from "./markdown.tsx";
import type { Language } from "../../i18n/language-tags.ts";


const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function snippetFor(widgetOrigin: string, companyId: string, bot: InstallAnswer["bots"][number]): string {
  return [
    `<script async src="${attribute(widgetOrigin)}/dist/loader.js"`,
    `        data-company="${attribute(companyId)}" data-bot="${attribute(bot.botId)}"`,
    `        data-name="${attribute(bot.companyName)}"${bot.brandColor ? ` data-color="${attribute(bot.brandColor)}"` : ""}></script>`,
  ].join("\n");
}

/** The guide's example values become this company's. */
function personalize(markdown: string, widgetOrigin: string, companyId: string, bot: InstallAnswer["bots"][number] | undefined): string {
  if (!bot) return markdown;
  return markdown
    .replaceAll("https://YOUR-WIDGET-HOST", widgetOrigin)
    .replaceAll('data-company="greenway-lawn" data-bot="lawn"', `data-company="${attribute(companyId)}" data-bot="${attribute(bot.botId)}"`)
    .replaceAll('company="greenway-lawn" bot="lawn"', `company="${attribute(companyId)}" bot="${attribute(bot.botId)}"`)
    .replaceAll('data-name="Greenway Lawn Care" data-color="#8bc34a"', `data-name="${attribute(bot.companyName)}"${bot.brandColor ? ` data-color="${attribute(bot.brandColor)}"` : ""}`);
}

function CopyButton({ text, label, done, failed }: { text: string; label: string; done: string; failed: string }) {
  const [said, setSaid] = useState("");
  const copy = async () => {
    setSaid("");
    try {
      await navigator.clipboard.writeText(text);
      setSaid(done);
    } catch {
      setSaid(failed);
    }
  };
  return (
    <span className="copy">
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {said}
      </span>
    </span>
  );
}

export function InstallPage({ lang }: { lang: Language }) {
  const t = CONSOLE_WORDS[lang].builder;
  const botSelect = useId();
  const [answer, setAnswer] = useState<InstallAnswer | null | undefined>(undefined);
  const [botId, setBotId] = useState("");
  useEffect(() => {
    call(InstallAnswerSchema, "builder/install").then(
      (loaded) => {
        setAnswer(loaded);
        setBotId(loaded.bots[0]?.botId ?? "");
      },
      () => setAnswer(null),
    );
  }, []);
  if (answer === undefined) return <p>{t.loading}</p>;
  if (answer === null) return <p role="alert">{t.loadFailed}</p>;
  const bot = answer.bots.find((entry) => entry.botId === botId) ?? answer.bots[0];
  const snippet = bot ? snippetFor(answer.widgetOrigin, answer.companyId, bot) : "";
  const guides = splitSections(personalize(installGuide, answer.widgetOrigin, answer.companyId, bot));
  return (
    <section className="builder install-page" aria-labelledby="install-title">
      <h1 id="install-title">{t.installTitle}</h1>
      <p>{t.installHelp}</p>
      {answer.bots.length > 1 ? (
        <p>
          <label htmlFor={botSelect}>{t.bot} </label>
          <select id={botSelect} value={botId} onChange={(event) => setBotId(event.target.value)}>
            {answer.bots.map((entry) => (
              <option key={entry.botId} value={entry.botId}>
                {entry.botId}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <section className="panel" aria-labelledby="snippet-title">
        <h2 id="snippet-title">{t.snippet}</h2>
        <pre className="code" data-testid="snippet" tabIndex={0} aria-labelledby="snippet-title">
          <code>{snippet}</code>
        </pre>
        <CopyButton text={snippet} label={t.copy} done={t.copied} failed={t.copyFailed} />
      </section>
      <section className="panel" aria-labelledby="seen-title">
        <h2 id="seen-title">{t.seenTitle}</h2>
        {answer.sightings.length === 0 ? (
          <p>{t.seenNone}</p>
        ) : (
          <ul className="sightings">
            {answer.sightings.map((sighting) => (
              <li key={`${sighting.botId} ${sighting.origin}`}>{t.seenLine(sighting.origin, formatWhen(sighting.firstSeenAt, lang), sighting.botId)}</li>
            ))}
          </ul>
        )}
      </section>
      <section className="panel guides" aria-labelledby="guides-title">
        <h2 id="guides-title">{t.guidesTitle}</h2>
        {guides.map((guide) => (
          <details key={guide.title}>
            <summary>{guide.title}</summary>
            <MarkdownContent text={guide.body} />
          </details>
        ))}
      </section>
    </section>
  );
}
