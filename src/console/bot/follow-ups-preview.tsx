// The follow-ups' preview on the Bot page (issue 34): the text and the e-mail a homeowner who left
// would get, in every language, as the server renders them (server/console/follow-up-preview.ts)
// from the form as it is, a moment after its last change.
import { useEffect, useId, useState } from "react";
import { FollowUpsPreviewSchema, type RenderedFollowUp } from "../../contract/console-builder.ts";
import type { BotWords } from "../../i18n/console-words.ts";
import { LANGUAGES, type Language } from "../../i18n/language-tags.ts";
import { call } from "../api/client.ts";
import type { Config } from "./config-path.ts";

const PREVIEW_AFTER_MS = 400;

/** A language's name in the page's language: "Spanish", "español". */
export const languageName = (language: Language, lang: Language) => new Intl.DisplayNames([lang], { type: "language" }).of(language) ?? language;

/** The messages as the server renders them, for the form as it is (a moment after the last change). */
export function FollowUpsPreview({ botId, config, lang, w }: { botId: string; config: Config; lang: Language; w: BotWords }) {
  const id = useId();
  const T = w.followUps;
  const [rendered, setRendered] = useState<Partial<Record<string, RenderedFollowUp>> | null | "failed">(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      call(FollowUpsPreviewSchema, `bots/${encodeURIComponent(botId)}/follow-ups/preview`, { json: { config } }).then(
        (answer) => current && setRendered(answer),
        () => current && setRendered("failed"),
      );
    }, PREVIEW_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [botId, config]);
  return (
    <section className="follow-up-preview" aria-labelledby={`${id}-title`} aria-live="polite" aria-busy={rendered === null}>
      <h3 id={`${id}-title`}>{T.preview}</h3>
      <p className="help">{T.previewHelp}</p>
      {rendered === "failed" ? (
        <p className="problem">{T.previewFailed}</p>
      ) : (
        rendered &&
        LANGUAGES.map((language) => {
          const sample = rendered[language];
          return sample && (
          <section key={language} className="follow-up-sample" lang={language} aria-labelledby={`${id}-${language}`} data-language={language}>
            <h4 id={`${id}-${language}`} lang={lang}>
              {T.inLanguage(languageName(language, lang))}
            </h4>
            <p className="sample-label" lang={lang}>
              {T.textMessage}
            </p>
            <p className="sample-text">{sample.text}</p>
            <p className="sample-label" lang={lang}>
              {T.emailMessage}
            </p>
            <div className="sample-email">
              <p>
                <strong lang={lang}>{T.subject}:</strong> {sample.email.subject}
              </p>
              <pre>{sample.email.text}</pre>
            </div>
          </section>
          );
        })
      )}
    </section>
  );
}
