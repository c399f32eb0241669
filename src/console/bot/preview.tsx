// The live preview (issue 25): the real widget, in a frame of the console's own origin, running
// the saved draft in preview mode (server/console/bot-preview.ts), reloaded after each save; a
// desktop frame or a phone frame. The frame gets the company, bot and a signed preview token
// in its fragment, never in a URL a server logs.
import { useEffect, useState } from "react";
import { PreviewTokenSchema } from "../../contract/console-builder.ts";
import { call } from "../api/client.ts";
import type { BotWords } from "../../i18n/console-words.ts";

export function Preview({ companyId, botId, run, w }: { companyId: string; botId: string; run: number; w: BotWords }) {
  const [token, setToken] = useState("");
  const [frame, setFrame] = useState<"desktop" | "phone">("desktop");
  useEffect(() => {
    if (run === 0) return;
    // A fresh token for each run: it lasts two hours, and a console stays open longer.
    call(PreviewTokenSchema, `bots/${encodeURIComponent(botId)}/preview`, { json: {} }).then(
      (answer) => setToken(answer.token),
      () => setToken(""),
    );
  }, [botId, run]);
  const fragment = new URLSearchParams({ company: companyId, bot: botId, token }).toString();
  return (
    <section className="panel preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{w.preview}</h2>
      <p className="help">{w.previewHelp}</p>
      <div className="frame-choice" role="group" aria-label={w.preview}>
        {(["desktop", "phone"] as const).map((kind) => (
          <button key={kind} type="button" className="secondary" aria-pressed={frame === kind} onClick={() => setFrame(kind)}>
            {kind === "desktop" ? w.desktop : w.phone}
          </button>
        ))}
      </div>
      <div className={`frame-box frame-${frame}`}>
        {token && <iframe key={`${run}-${token}`} title={w.previewFrame} src={`/console/preview?preview=true&run=${run}#${fragment}`} className="preview-frame" data-run={run} />}
      </div>
    </section>
  );
}
