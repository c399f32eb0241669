// The Bot page's follow-ups (issue 34): the bot's `followUps` schedule (on or off, its steps,
// quiet hours, the postal address e-mails need) edited like the other fields (saved in the
// draft, published by an owner, each problem at its field), and a preview of the text and the
// e-mail a homeowner who left would get, in every language, rendered by the server from the form
// as it is (./follow-ups-preview.tsx), and the company's own wording of each message in each
// language. Its words: src/i18n/<lang>/console-bot.ts.
import { useId } from "react";
import type { FollowUpsSchedule } from "../../contract/console-builder.ts";
import { LANGUAGES, type Language } from "../../i18n/language-tags.ts";
import type { BotWords } from "../../i18n/console-words.ts";
import { FollowUpsPreview, languageName } from "./follow-ups-preview.tsx";
import { Problems } from "./field-inputs.tsx";
import { problemsOf, valueAt, type Config, type Problem } from "./config-path.ts";

/** The schedule as the form edits it (a delay may be the text typed while it is not a number: the server names the problem). */
export type FollowUpsValue = FollowUpsSchedule;
export type FollowUpStep = FollowUpsSchedule["steps"][number];

const MAX_STEPS = 6;


/** The company's own wording's fields: its key, its label's word, its rows, its longest (src/config/follow-ups.ts). */
const WORDING_FIELDS = [
  ["text", "wordText", 2, 240],
  ["emailSubject", "wordSubject", 1, 120],
  ["emailBody", "wordBody", 4, 1000],
] as const;

/** The wording with one field set; an empty field is the standard wording (no key), and so is an empty language. */
function withWording(messages: FollowUpsValue["messages"], language: Language, field: string, text: string): FollowUpsValue["messages"] {
  const own = { ...messages?.[language] };
  if (text.trim() === "") delete own[field];
  else own[field] = text;
  const next = { ...messages };
  if (Object.keys(own).length > 0) next[language] = own;
  else delete next[language];
  return Object.keys(next).length > 0 ? next : undefined;
}

/** "15 minutes", "3 hours", "1 day": a step's delay in words. */
export function delayWords(minutes: number, w: BotWords): string {
  const { day, hour, minute } = w.followUps.units;
  const [n, unit] = minutes % 1440 === 0 ? [minutes / 1440, day] : minutes % 60 === 0 ? [minutes / 60, hour] : [minutes, minute];
  return `${n} ${n === 1 ? unit[0] : unit[1]}`;
}

/** The schedule the configuration holds, else the default one (what the bot follows today). */
function scheduleOf(config: Config, fallback: FollowUpsValue): FollowUpsValue {
  const raw = valueAt(config, "followUps");
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fallback;
  const value = raw as Partial<FollowUpsValue>;
  return { ...value, steps: Array.isArray(value.steps) ? value.steps : [] };
}

interface EditorProps {
  botId: string;
  config: Config;
  fallback: FollowUpsValue;
  problems: readonly Problem[];
  lang: Language;
  w: BotWords;
  onChange: (path: string, value: unknown) => void;
}

export function FollowUpsEditor({ botId, config, fallback, problems, lang, w, onChange }: EditorProps) {
  const id = useId();
  const T = w.followUps;
  const schedule = scheduleOf(config, fallback);
  const enabled = schedule.enabled ?? true;
  // Absent quiet hours are the default ones (FollowUpsSchema); null is none.
  const quiet = schedule.quietHours === undefined ? (fallback.quietHours ?? null) : schedule.quietHours;
  const set = (next: Partial<FollowUpsValue>) => {
    const merged: FollowUpsValue = {
      enabled,
      steps: schedule.steps,
      quietHours: quiet,
      ...(schedule.postalAddress !== undefined ? { postalAddress: schedule.postalAddress } : {}),
      ...(schedule.messages !== undefined ? { messages: schedule.messages } : {}),
      ...next,
    };
    if (merged.postalAddress === undefined) delete merged.postalAddress;
    if (merged.messages === undefined) delete merged.messages;
    onChange("followUps", merged);
  };
  const setStep = (index: number, step: Partial<FollowUpStep>) => set({ steps: schedule.steps.map((old, i) => (i === index ? { ...old, ...step } : old)) });
  const fieldProblems = (path: string) => problemsOf(problems, `followUps.${path}`);
  const describe = (help: string, path: string) => (fieldProblems(path).length > 0 ? `${id}-${path}-error ${help}` : help);
  const invalid = (path: string) => (fieldProblems(path).length > 0 ? true : undefined);
  // The list's own problems (too many), apart from its steps' fields.
  const listProblems = problems.filter((p) => p.field === "followUps.steps" || p.field === "followUps");
  const hasEmail = enabled && schedule.steps.some((step) => step.channel === "email");
  return (
    <section className="panel follow-ups-editor" aria-labelledby={`${id}-title`} data-group="followUps">
      <h2 id={`${id}-title`}>{T.title}</h2>
      <p className="help">{T.intro}</p>
      <div className="field">
        <label className="check">
          <input type="checkbox" aria-describedby={`${id}-enabled-help`} checked={enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {T.enabled}
        </label>
        <p id={`${id}-enabled-help`} className="help">
          {T.enabledHelp}
        </p>
      </div>
      <fieldset aria-describedby={`${id}-steps-help`}>
        <legend>{T.steps}</legend>
        <p id={`${id}-steps-help`} className="help">
          {T.stepsHelp}
        </p>
        <Problems id={`${id}-steps-error`} problems={listProblems} path="followUps.steps" w={w} />
        {schedule.steps.length === 0 && <p>{T.noSteps}</p>}
        <ol className="follow-up-steps">
          {schedule.steps.map((step, index) => {
            const minutesPath = `steps.${index}.afterMinutes`;
            const channelPath = `steps.${index}.channel`;
            const minutes = typeof step.afterMinutes === "number" ? step.afterMinutes : Number.NaN;
            return (
              <li key={index} className="follow-up-step" data-step={index}>
                <fieldset>
                  <legend>
                    {T.step} {index + 1}
                  </legend>
                  <div className="field">
                    <label htmlFor={`${id}-minutes-${index}`}>{T.afterMinutes}</label>
                    <input
                      id={`${id}-minutes-${index}`}
                      type="text"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-describedby={describe(`${id}-minutes-${index}-help`, minutesPath)}
                      aria-invalid={invalid(minutesPath)}
                      value={String(step.afterMinutes)}
                      onChange={(e) => {
                        const raw = e.target.value.trim();
                        setStep(index, { afterMinutes: /^\d+$/.test(raw) ? Number(raw) : raw });
                      }}
                    />
                    <p id={`${id}-minutes-${index}-help`} className="help">
                      {Number.isInteger(minutes) && minutes > 0 ? `= ${delayWords(minutes, w)}` : ""}
                    </p>
                    <Problems id={`${id}-${minutesPath}-error`} problems={fieldProblems(minutesPath)} path={`followUps.${minutesPath}`} w={w} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-channel-${index}`}>{T.channel}</label>
                    <select
                      id={`${id}-channel-${index}`}
                      aria-describedby={fieldProblems(channelPath).length > 0 ? `${id}-${channelPath}-error` : undefined}
                      aria-invalid={invalid(channelPath)}
                      value={step.channel}
                      onChange={(e) => setStep(index, { channel: e.target.value === "sms" ? "sms" : "email" })}
                    >
                      <option value="sms">{T.sms}</option>
                      <option value="email">{T.email}</option>
                    </select>
                    <Problems id={`${id}-${channelPath}-error`} problems={fieldProblems(channelPath)} path={`followUps.${channelPath}`} w={w} />
                  </div>
                  <button type="button" className="secondary" onClick={() => set({ steps: schedule.steps.filter((_, i) => i !== index) })}>
                    {T.removeStep} {index + 1}
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="secondary"
          disabled={schedule.steps.length >= MAX_STEPS}
          onClick={() => {
            const last = schedule.steps.at(-1);
            const after = typeof last?.afterMinutes === "number" ? last.afterMinutes * 2 : 15;
            set({ steps: [...schedule.steps, { afterMinutes: Math.min(after, 60 * 24 * 30), channel: "email" }] });
          }}
        >
          {T.addStep}
        </button>
      </fieldset>
      <fieldset aria-describedby={`${id}-quiet-help`}>
        <legend>{T.quiet}</legend>
        <label className="check">
          <input type="checkbox" checked={quiet !== null} onChange={(e) => set({ quietHours: e.target.checked ? (fallback.quietHours ?? { start: "21:00", end: "08:00" }) : null })} />
          {T.quietOn}
        </label>
        <p id={`${id}-quiet-help`} className="help">
          {T.quietHelp}
        </p>
        {quiet && (
          <div className="quiet-hours">
            {(["start", "end"] as const).map((end) => (
              <div className="field" key={end}>
                <label htmlFor={`${id}-quiet-${end}`}>{end === "start" ? T.quietStart : T.quietEnd}</label>
                <input
                  id={`${id}-quiet-${end}`}
                  type="time"
                  aria-describedby={fieldProblems(`quietHours.${end}`).length > 0 ? `${id}-quietHours.${end}-error` : undefined}
                  aria-invalid={invalid(`quietHours.${end}`)}
                  value={quiet[end]}
                  onChange={(e) => set({ quietHours: { ...quiet, [end]: e.target.value } })}
                />
                <Problems id={`${id}-quietHours.${end}-error`} problems={fieldProblems(`quietHours.${end}`)} path={`followUps.quietHours.${end}`} w={w} />
              </div>
            ))}
          </div>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-address`}>{T.postalAddress}</label>
        <p id={`${id}-address-help`} className="help">
          {T.postalAddressHelp}
        </p>
        <textarea
          id={`${id}-address`}
          rows={2}
          aria-describedby={describe(`${id}-address-help`, "postalAddress")}
          aria-invalid={invalid("postalAddress")}
          value={schedule.postalAddress ?? ""}
          onChange={(e) => set({ postalAddress: e.target.value === "" ? undefined : e.target.value })}
        />
        <Problems id={`${id}-postalAddress-error`} problems={fieldProblems("postalAddress")} path="followUps.postalAddress" w={w} />
        {hasEmail && !schedule.postalAddress?.trim() && <p className="problem">{T.noAddress}</p>}
      </div>
      <fieldset className="follow-up-wording" aria-describedby={`${id}-wording-help`}>
        <legend>{T.wording}</legend>
        <p id={`${id}-wording-help`} className="help">
          {T.wordingHelp}
        </p>
        {LANGUAGES.map((language) => (
          <fieldset key={language} data-language={language}>
            <legend>{T.inLanguage(languageName(language, lang))}</legend>
            {WORDING_FIELDS.map(([field, label, rows, max]) => {
              const path = `messages.${language}.${field}`;
              const fieldId = `${id}-${language}-${field}`;
              const value = schedule.messages?.[language]?.[field] ?? "";
              const change = (text: string) => set({ messages: withWording(schedule.messages, language, field, text) });
              const common = { id: fieldId, lang: language, maxLength: max, value, "aria-invalid": invalid(path), "aria-describedby": fieldProblems(path).length > 0 ? `${id}-${path}-error` : undefined };
              return (
                <div className="field" key={field}>
                  <label htmlFor={fieldId}>{T[label]}</label>
                  {rows === 1 ? <input type="text" {...common} onChange={(e) => change(e.target.value)} /> : <textarea rows={rows} {...common} onChange={(e) => change(e.target.value)} />}
                  <Problems id={`${id}-${path}-error`} problems={fieldProblems(path)} path={`followUps.${path}`} w={w} />
                </div>
              );
            })}
          </fieldset>
        ))}
      </fieldset>
      <FollowUpsPreview botId={botId} config={config} lang={lang} w={w} />
    </section>
  );
}
