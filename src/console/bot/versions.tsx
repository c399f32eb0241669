// The bot's versions (the admin API's document versions): who changed it and when, and for an
// owner a button to make an earlier one live again.
import { formatWhen } from "../shared/format.ts";
import type { Language } from "../../i18n/language-tags.ts";
import type { BotWords } from "../../i18n/console-words.ts";

import type { Version } from "../../contract/console-builder.ts";

export function Versions({ versions, live, canRestore, onRestore, lang, w }: { versions: Version[]; live: number; canRestore: boolean; onRestore: (version: number) => void; lang: Language; w: BotWords }) {
  return (
    <section className="panel" aria-labelledby="versions-title">
      <h2 id="versions-title">{w.versions}</h2>
      <p className="help">{canRestore ? w.restoreHelp : w.ownerOnly}</p>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="versions-title">
        <table className="versions">
          <thead>
            <tr>
              <th scope="col">{w.version}</th>
              <th scope="col">{w.who}</th>
              <th scope="col">{w.when}</th>
              <th scope="col">{w.note}</th>
              <th scope="col">
                <span className="sr-only">{w.restore}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version} data-version={version.version}>
                <th scope="row">{version.version}</th>
                <td>{version.changedBy}</td>
                <td>{version.changedAt ? formatWhen(version.changedAt, lang) : "—"}</td>
                <td>{version.label ?? ""}</td>
                <td>
                  {version.version === live ? (
                    <span className="muted">{w.current}</span>
                  ) : (
                    <button type="button" className="secondary" disabled={!canRestore} onClick={() => onRestore(version.version)}>
                      {w.restoreVersion(version.version)}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
