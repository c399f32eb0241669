// The console's "Bot" page (issue 25): the bot's settings as forms (bot-fields.ts), saved as a
// draft as the staff member types (debounced; nothing saved while a field is wrong: each
// problem shown at its field), the real widget running the draft beside them (preview.tsx),
// and for an owner: publish, the versions with who and when, and restoring one. The
// follow-ups' schedule and its messages' preview are a section of the form (follow-ups-editor.tsx).
import { useCallback, useEffect, useRef, useState } from "react";
import { AcceptedSchema, type Me } from "../../contract/console.ts";
import { BotStateSchema, BotsAnswerSchema, DraftAnswerSchema, PublishAnswerSchema, VersionsAnswerSchema, type BotState, type BotSummary, type Version } from "../../contract/console-builder.ts";
import { ask, call } from "../api/client.ts";
import { formatWhen } from "../shared/format.ts";
import type { Language } from "../../i18n/language-tags.ts";
import { GROUPS } from "./bot-fields.ts";
import { ListEditor } from "./bot-lists.tsx";
import { CONSOLE_WORDS, type BotWords } from "../../i18n/console-words.ts";
import { withValue, type Config, type Problem } from "./config-path.ts";
import { Field } from "./field-inputs.tsx";
import { FollowUpsEditor } from "./follow-ups-editor.tsx";
import { Preview } from "./preview.tsx";
import { Versions } from "./versions.tsx";

const SAVE_AFTER_MS = 600;

export function BotPage({ lang, me }: { lang: Language; me: Me }) {
  const w = CONSOLE_WORDS[lang].bot;
  const [bots, setBots] = useState<BotSummary[] | null>(null);
  const [botId, setBotId] = useState("");
  useEffect(() => {
    call(BotsAnswerSchema, "bots").then(
      (answer) => {
        setBots(answer.bots);
        setBotId(answer.bots[0]?.botId ?? "");
      },
      () => setBots([]),
    );
  }, []);
  return (
    <section aria-labelledby="bot-title" className="builder-page">
      <h1 id="bot-title">{w.title}</h1>
      <p className="help">{w.intro}</p>
      {bots && bots.length > 1 && (
        <p>
          <label htmlFor="bot-choice">{w.whichBot}</label>{" "}
          <select id="bot-choice" value={botId} onChange={(e) => setBotId(e.target.value)}>
            {bots.map((bot) => (
              <option key={bot.botId} value={bot.botId}>
                {bot.botName ? `${bot.botName} (${bot.botId})` : bot.botId}
              </option>
            ))}
          </select>
        </p>
      )}
      {botId && <BotEditor key={botId} botId={botId} companyId={me.companyId} lang={lang} w={w} />}
    </section>
  );
}

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "invalid"; count: number } | { kind: "failed" };

function BotEditor({ botId, companyId, lang, w }: { botId: string; companyId: string; lang: Language; w: BotWords }) {
  const [state, setState] = useState<BotState | null>(null);
  const [config, setConfig] = useState<Config | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [versions, setVersions] = useState<Version[]>([]);
  const [said, setSaid] = useState("");
  const [previewRun, setPreviewRun] = useState(0);
  const dirty = useRef(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const next = await call(BotStateSchema, `bots/${encodeURIComponent(botId)}`);
    setState(next);
    setConfig(next.draft?.config ?? next.live.config);
    setProblems([]);
    setSave({ kind: "idle" });
    dirty.current = false;
    setVersions((await call(VersionsAnswerSchema, `bots/${encodeURIComponent(botId)}/versions`)).versions);
    setPreviewRun((n) => n + 1);
  }, [botId]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Saves `draft`; true when saved. Only the latest call's answer is shown. */
  const saveDraft = useCallback(
    async (draft: Config): Promise<boolean> => {
      const ticket = ++latest.current;
      setSave({ kind: "saving" });
      try {
        const answer = await ask(DraftAnswerSchema, `bots/${encodeURIComponent(botId)}/draft`, { json: { config: draft } });
        if (ticket !== latest.current) return false;
        if (answer.status === 200 && answer.body.draft) {
          const saved = answer.body.draft;
          dirty.current = false;
          setProblems([]);
          setSave({ kind: "saved" });
          setState((s) => s && { ...s, draft: saved, serverNotes: answer.body.serverNotes ?? [] });
          setPreviewRun((n) => n + 1);
          return true;
        }
        const found = answer.body.problems ?? [];
        setProblems(found);
        setSave(answer.status === 400 ? { kind: "invalid", count: new Set(found.map((p) => p.field.split(".")[0])).size } : { kind: "failed" });
      } catch {
        if (ticket === latest.current) setSave({ kind: "failed" });
      }
      return false;
    },
    [botId],
  );

  // Saved a moment after the last keystroke.
  useEffect(() => {
    if (!config || !dirty.current) return;
    const timer = setTimeout(() => void saveDraft(config), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [config, saveDraft]);

  const onChange = useCallback((path: string, value: unknown) => {
    dirty.current = true;
    setSaid("");
    setConfig((c) => c && withValue(c, path, value));
  }, []);

  if (!state || !config) return <p>{w.loading}</p>;

  const publish = async () => {
    if (dirty.current && !(await saveDraft(config))) return;
    const answer = await ask(PublishAnswerSchema, `bots/${encodeURIComponent(botId)}/publish`, { json: {} });
    if (answer.status !== 200 || !answer.body.published) {
      setProblems(answer.body.problems ?? []);
      setSaid(w.failed);
      return;
    }
    await load();
    setSaid(w.published(answer.body.published.version));
  };
  const discard = async () => {
    await call(AcceptedSchema, `bots/${encodeURIComponent(botId)}/draft/discard`, { json: {} });
    await load();
    setSaid(w.discarded);
  };
  const restore = async (version: number) => {
    const answer = await ask(PublishAnswerSchema, `bots/${encodeURIComponent(botId)}/restore`, { json: { version } });
    if (answer.status !== 200) return setSaid(w.failed);
    await load();
    setSaid(w.restored(version));
  };

  const saveText =
    save.kind === "saving"
      ? w.saving
      : save.kind === "invalid"
        ? w.notSaved(save.count)
        : save.kind === "failed"
          ? w.failed
          : state.draft
            ? w.draftSaved(state.draft.savedBy, formatWhen(state.draft.savedAt, lang))
            : w.noDraft;
  const live = state.live;
  return (
    <div className="builder">
      <div className="builder-form">
        <section className="panel publish-bar" aria-labelledby="publish-title">
          <h2 id="publish-title" className="sr-only">
            {w.publish}
          </h2>
          <p>{w.live(live.version, live.changedBy, live.changedAt ? formatWhen(live.changedAt, lang) : "")}</p>
          <p role="status" className={save.kind === "invalid" || save.kind === "failed" ? "problem" : undefined}>
            {saveText}
          </p>
          {state.serverNotes.length > 0 && (
            <div className="notes-box">
              <p>{w.serverNotes}</p>
              <ul>
                {state.serverNotes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="actions">
            <button type="button" onClick={() => void publish()} disabled={!state.canPublish || save.kind === "invalid" || (!state.draft && !dirty.current)} aria-describedby="publish-help">
              {w.publish}
            </button>
            {state.draft && (
              <button type="button" className="secondary" onClick={() => void discard()}>
                {w.discard}
              </button>
            )}
          </p>
          <p id="publish-help" className="help">
            {state.canPublish ? w.publishHelp : w.ownerOnly}
          </p>
          <p role="status">{said}</p>
        </section>
        <form className="builder-fields" onSubmit={(e) => e.preventDefault()} noValidate>
          {GROUPS.map((group) => (
            <section key={group.id} className="panel" aria-labelledby={`group-${group.id}`} data-group={group.id}>
              <h2 id={`group-${group.id}`}>{w.groups[group.id]}</h2>
              {group.fields.map((def) => (
                <Field key={def.path} def={def} config={config} problems={problems} w={w} onChange={onChange} />
              ))}
              {group.lists?.map((name) => <ListEditor key={name} name={name} config={config} problems={problems} w={w} onChange={onChange} />)}
            </section>
          ))}
          <FollowUpsEditor botId={botId} config={config} fallback={state.followUpsDefault} problems={problems} lang={lang} w={w} onChange={onChange} />
        </form>
        <Versions versions={versions} live={live.version} canRestore={state.canPublish} onRestore={(v) => void restore(v)} lang={lang} w={w} />
      </div>
      <Preview companyId={companyId} botId={botId} run={previewRun} w={w} />
    </div>
  );
}
