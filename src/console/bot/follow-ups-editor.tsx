// The Bot page's follow-ups (issue 34): the bot's `followUps` schedule (on or off, its steps,
// quiet hours, the postal address e-mails need) edited like the other fields (saved in the
// draft, published by an owner, each problem at its field), and a preview of the text and the
// e-mail a homeowner who left would get, in English and Spanish, rendered by the server from
// the form as it is (server/console/follow-up-preview.ts). Over 300 lines on purpose: the
// section's words in both languages sit beside the form that uses them, as in bot-lists.tsx.
import { useEffect, useId, useState } from "react";
import { api } from "../api.ts";
import type { Lang } from "../types.ts";
import type { BotWords, Text } from "./bot-words.ts";
import { Problems } from "./field-inputs.tsx";
import { problemsOf, valueAt, type Config, type Problem } from "./config-path.ts";

export interface FollowUpStep {
  /** A number, or the text typed while it is not one (the server names the problem). */
  afterMinutes: number | string;
  channel: "sms" | "email";
}
export interface FollowUpsValue {
  enabled?: boolean;
  steps: FollowUpStep[];
  quietHours?: { start: string; end: string } | null;
  postalAddress?: string;
}

const MAX_STEPS = 6;
const PREVIEW_AFTER_MS = 400;

const T = {
  title: { en: "Follow-ups to homeowners who leave", es: "Seguimiento a quien se va sin comprar" },
  intro: {
    en: "When a homeowner leaves a quote with their contact details and buys nothing, the assistant sends them the link back to their quote, at the price where they stopped. A sale, a booking, 'I need to think about it', a reply of STOP, the unsubscribe link or your staff marking the lead handled ends them. Texts go only to homeowners who ticked the consent box.",
    es: "Cuando alguien deja un presupuesto con sus datos de contacto y no compra, el asistente le envía el enlace para volver a su presupuesto, con el precio donde se quedó. Una venta, una reserva, 'necesito pensarlo', una respuesta STOP, el enlace de baja o que su personal marque el cliente como atendido los detiene. Los SMS solo van a quien marcó la casilla de consentimiento.",
  },
  enabled: { en: "Send follow-ups", es: "Enviar seguimientos" },
  enabledHelp: { en: "Off: nothing is sent; the schedule below is kept.", es: "Desactivado: no se envía nada; el plan de abajo se conserva." },
  steps: { en: "Steps", es: "Pasos" },
  stepsHelp: {
    en: "Each step is sent this many minutes after the homeowner's last activity (at least 1; 60 is an hour, 1440 a day). At most 6 steps.",
    es: "Cada paso se envía estos minutos después de la última actividad del cliente (al menos 1; 60 es una hora, 1440 un día). Como mucho 6 pasos.",
  },
  step: { en: "Step", es: "Paso" },
  afterMinutes: { en: "Minutes after leaving", es: "Minutos después de irse" },
  channel: { en: "Sent as", es: "Enviado como" },
  sms: { en: "Text", es: "SMS" },
  email: { en: "E-mail", es: "Correo" },
  removeStep: { en: "Remove step", es: "Quitar el paso" },
  addStep: { en: "Add a step", es: "Añadir un paso" },
  noSteps: { en: "No steps: nothing is sent.", es: "Sin pasos: no se envía nada." },
  quiet: { en: "Quiet hours", es: "Horas de silencio" },
  quietOn: { en: "Keep quiet hours", es: "Respetar horas de silencio" },
  quietHelp: {
    en: "No message between these times in the homeowner's time zone; one due then waits until the end.",
    es: "Ningún mensaje entre estas horas en la zona horaria del cliente; uno previsto entonces espera hasta el final.",
  },
  quietStart: { en: "Quiet from", es: "Silencio desde" },
  quietEnd: { en: "Quiet until", es: "Silencio hasta" },
  postalAddress: { en: "Your postal address", es: "Su dirección postal" },
  postalAddressHelp: {
    en: "Needed for e-mails: the law (CAN-SPAM) wants your postal address under every follow-up e-mail. Without it no follow-up e-mail is sent; texts still are.",
    es: "Necesaria para los correos: la ley (CAN-SPAM) exige su dirección postal al pie de cada correo de seguimiento. Sin ella no se envía ningún correo de seguimiento; los SMS sí.",
  },
  noAddress: {
    en: "No postal address yet: the e-mail steps will not be sent.",
    es: "Aún no hay dirección postal: los pasos por correo no se enviarán.",
  },
  preview: { en: "Preview of the messages", es: "Vista previa de los mensajes" },
  previewHelp: {
    en: "As a homeowner would get them, for a sample lead (Alex, quoted 59.00); the links here are samples.",
    es: "Tal como los recibiría un cliente, para un cliente de ejemplo (Alex, presupuesto de 59,00); los enlaces son de ejemplo.",
  },
  previewFailed: { en: "The preview could not be made.", es: "No se pudo hacer la vista previa." },
  inEnglish: { en: "In English", es: "En inglés" },
  inSpanish: { en: "In Spanish", es: "En español" },
  textMessage: { en: "Text message", es: "SMS" },
  emailMessage: { en: "E-mail", es: "Correo" },
  subject: { en: "Subject", es: "Asunto" },
} satisfies Record<string, Text>;

/** "15 minutes", "3 hours", "1 day": a step's delay in words. */
export function delayWords(minutes: number, lang: Lang): string {
  const es = lang === "es";
  const [n, unit] = minutes % 1440 === 0 ? [minutes / 1440, es ? ["día", "días"] : ["day", "days"]] : minutes % 60 === 0 ? [minutes / 60, es ? ["hora", "horas"] : ["hour", "hours"]] : [minutes, es ? ["minuto", "minutos"] : ["minute", "minutes"]];
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
  lang: Lang;
  w: BotWords;
  onChange: (path: string, value: unknown) => void;
}

export function FollowUpsEditor({ botId, config, fallback, problems, lang, w, onChange }: EditorProps) {
  const id = useId();
  const schedule = scheduleOf(config, fallback);
  const enabled = schedule.enabled ?? true;
  // Absent quiet hours are the default ones (FollowUpsSchema); null is none.
  const quiet = schedule.quietHours === undefined ? (fallback.quietHours ?? null) : schedule.quietHours;
  const set = (next: Partial<FollowUpsValue>) => {
    const merged: FollowUpsValue = { enabled, steps: schedule.steps, quietHours: quiet, ...(schedule.postalAddress !== undefined ? { postalAddress: schedule.postalAddress } : {}), ...next };
    if (merged.postalAddress === undefined) delete merged.postalAddress;
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
      <h2 id={`${id}-title`}>{T.title[lang]}</h2>
      <p className="help">{T.intro[lang]}</p>
      <div className="field">
        <label className="check">
          <input type="checkbox" aria-describedby={`${id}-enabled-help`} checked={enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {T.enabled[lang]}
        </label>
        <p id={`${id}-enabled-help`} className="help">
          {T.enabledHelp[lang]}
        </p>
      </div>
      <fieldset aria-describedby={`${id}-steps-help`}>
        <legend>{T.steps[lang]}</legend>
        <p id={`${id}-steps-help`} className="help">
          {T.stepsHelp[lang]}
        </p>
        <Problems id={`${id}-steps-error`} problems={listProblems} path="followUps.steps" w={w} />
        {schedule.steps.length === 0 && <p>{T.noSteps[lang]}</p>}
        <ol className="follow-up-steps">
          {schedule.steps.map((step, index) => {
            const minutesPath = `steps.${index}.afterMinutes`;
            const channelPath = `steps.${index}.channel`;
            const minutes = typeof step.afterMinutes === "number" ? step.afterMinutes : Number.NaN;
            return (
              <li key={index} className="follow-up-step" data-step={index}>
                <fieldset>
                  <legend>
                    {T.step[lang]} {index + 1}
                  </legend>
                  <div className="field">
                    <label htmlFor={`${id}-minutes-${index}`}>{T.afterMinutes[lang]}</label>
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
                      {Number.isInteger(minutes) && minutes > 0 ? `= ${delayWords(minutes, lang)}` : ""}
                    </p>
                    <Problems id={`${id}-${minutesPath}-error`} problems={fieldProblems(minutesPath)} path={`followUps.${minutesPath}`} w={w} />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-channel-${index}`}>{T.channel[lang]}</label>
                    <select
                      id={`${id}-channel-${index}`}
                      aria-describedby={fieldProblems(channelPath).length > 0 ? `${id}-${channelPath}-error` : undefined}
                      aria-invalid={invalid(channelPath)}
                      value={step.channel}
                      onChange={(e) => setStep(index, { channel: e.target.value === "sms" ? "sms" : "email" })}
                    >
                      <option value="sms">{T.sms[lang]}</option>
                      <option value="email">{T.email[lang]}</option>
                    </select>
                    <Problems id={`${id}-${channelPath}-error`} problems={fieldProblems(channelPath)} path={`followUps.${channelPath}`} w={w} />
                  </div>
                  <button type="button" className="secondary" onClick={() => set({ steps: schedule.steps.filter((_, i) => i !== index) })}>
                    {T.removeStep[lang]} {index + 1}
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
          {T.addStep[lang]}
        </button>
      </fieldset>
      <fieldset aria-describedby={`${id}-quiet-help`}>
        <legend>{T.quiet[lang]}</legend>
        <label className="check">
          <input type="checkbox" checked={quiet !== null} onChange={(e) => set({ quietHours: e.target.checked ? (fallback.quietHours ?? { start: "21:00", end: "08:00" }) : null })} />
          {T.quietOn[lang]}
        </label>
        <p id={`${id}-quiet-help`} className="help">
          {T.quietHelp[lang]}
        </p>
        {quiet && (
          <div className="quiet-hours">
            {(["start", "end"] as const).map((end) => (
              <div className="field" key={end}>
                <label htmlFor={`${id}-quiet-${end}`}>{end === "start" ? T.quietStart[lang] : T.quietEnd[lang]}</label>
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
        <label htmlFor={`${id}-address`}>{T.postalAddress[lang]}</label>
        <p id={`${id}-address-help`} className="help">
          {T.postalAddressHelp[lang]}
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
        {hasEmail && !schedule.postalAddress?.trim() && <p className="problem">{T.noAddress[lang]}</p>}
      </div>
      <FollowUpsPreview botId={botId} config={config} lang={lang} />
    </section>
  );
}

interface Rendered {
  text: string;
  email: { subject: string; text: string };
}

/** The messages as the server renders them, for the form as it is (a moment after the last change). */
function FollowUpsPreview({ botId, config, lang }: { botId: string; config: Config; lang: Lang }) {
  const id = useId();
  const [rendered, setRendered] = useState<Record<Lang, Rendered> | null | "failed">(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      api<Record<Lang, Rendered>>(`bots/${encodeURIComponent(botId)}/follow-ups/preview`, { method: "POST", body: { config } }).then(
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
      <h3 id={`${id}-title`}>{T.preview[lang]}</h3>
      <p className="help">{T.previewHelp[lang]}</p>
      {rendered === "failed" ? (
        <p className="problem">{T.previewFailed[lang]}</p>
      ) : (
        rendered &&
        (["en", "es"] as const).map((language) => (
          <section key={language} className="follow-up-sample" lang={language} aria-labelledby={`${id}-${language}`} data-language={language}>
            <h4 id={`${id}-${language}`} lang={lang}>
              {language === "en" ? T.inEnglish[lang] : T.inSpanish[lang]}
            </h4>
            <p className="sample-label" lang={lang}>
              {T.textMessage[lang]}
            </p>
            <p className="sample-text">{rendered[language].text}</p>
            <p className="sample-label" lang={lang}>
              {T.emailMessage[lang]}
            </p>
            <div className="sample-email">
              <p>
                <strong lang={lang}>{T.subject[lang]}:</strong> {rendered[language].email.subject}
              </p>
              <pre>{rendered[language].email.text}</pre>
            </div>
          </section>
        ))
      )}
    </section>
  );
}
