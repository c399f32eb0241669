// The builder's list editors (issue 25): the company's own questions (asked before the quote,
// for one service, or to a visitor who wants to learn more) and its marketing sources. Each
// entry is a fieldset of labelled fields, added and removed with buttons; problems shown at
// the entry's own field.
import { useId } from "react";
import type { BotWords } from "../../i18n/console-words.ts";
import { Problems } from "./field-inputs.tsx";
import { problemsOf, valueAt, type Config, type Problem } from "./config-path.ts";

export type ListName = keyof BotWords["lists"];

type Entry = Record<string, unknown>;

export function ListEditor({ name, config, problems, w, onChange }: { name: ListName; config: Config; problems: readonly Problem[]; w: BotWords; onChange: (path: string, value: unknown) => void }) {
  const id = useId();
  const text = w.lists[name];
  const raw = valueAt(config, name);
  const entries: Entry[] = Array.isArray(raw) ? (raw as Entry[]) : [];
  const keys = name === "marketingSources" ? (["description", "code"] as const) : name === "serviceQuestionsSteps" ? (["question", "options", "program", "id"] as const) : (["question", "options", "id"] as const);
  const set = (next: Entry[]) => onChange(name, next.length === 0 ? undefined : next);
  const setEntry = (index: number, key: string, value: unknown) =>
    set(entries.map((entry, i) => (i !== index ? entry : value === undefined ? Object.fromEntries(Object.entries(entry).filter(([k]) => k !== key)) : { ...entry, [key]: value })));
  const blank = (): Entry => (name === "marketingSources" ? { code: "", description: "" } : { id: `question${entries.length + 1}`, question: "" });
  return (
    <section className="list-editor" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text.title}</h3>
      <p className="help">{text.help}</p>
      {entries.map((entry, index) => (
        <fieldset key={index} className="entry">
          <legend>
            {text.entry} {index + 1}
          </legend>
          {keys.map((key) => {
            const path = `${name}.${index}.${key}`;
            const fieldId = `${id}-${index}-${key}`;
            const mine = problemsOf(problems, path);
            const value = entry[key];
            const describedBy = mine.length > 0 ? `${fieldId}-error` : undefined;
            return (
              <div className="field" key={key}>
                <label htmlFor={fieldId}>{w.listFields[key]}</label>
                {key === "options" ? (
                  <textarea
                    id={fieldId}
                    rows={3}
                    aria-describedby={describedBy}
                    aria-invalid={mine.length > 0 || undefined}
                    value={Array.isArray(value) ? value.join("\n") : ""}
                    onChange={(e) => {
                      const lines = e.target.value.split("\n");
                      setEntry(index, key, lines.every((line) => line.trim() === "") ? undefined : lines.filter((line, i) => line.trim() !== "" || i === lines.length - 1).map((line) => line.trimStart()));
                    }}
                  />
                ) : key === "question" || key === "description" ? (
                  <textarea id={fieldId} rows={2} aria-describedby={describedBy} aria-invalid={mine.length > 0 || undefined} value={typeof value === "string" ? value : ""} onChange={(e) => setEntry(index, key, e.target.value)} />
                ) : (
                  <input
                    id={fieldId}
                    type="text"
                    autoComplete="off"
                    aria-describedby={describedBy}
                    aria-invalid={mine.length > 0 || undefined}
                    value={typeof value === "string" ? value : ""}
                    onChange={(e) => setEntry(index, key, key === "program" && e.target.value === "" ? undefined : e.target.value)}
                  />
                )}
                <Problems id={`${fieldId}-error`} problems={mine} path={path} w={w} />
              </div>
            );
          })}
          <button type="button" className="secondary" onClick={() => set(entries.filter((_, i) => i !== index))}>
            {w.removeEntry} <span className="sr-only">{`${text.entry} ${index + 1}`}</span>
          </button>
        </fieldset>
      ))}
      <Problems id={`${id}-error`} problems={problems.filter((p) => p.field === name)} path={name} w={w} />
      <button type="button" className="secondary" onClick={() => set([...entries, blank()])}>
        {w.addEntry} <span className="sr-only">{text.entry}</span>
      </button>
    </section>
  );
}
