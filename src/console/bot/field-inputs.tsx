// One form field of the builder: its label, a line of help, and its problem in words right
// under it (aria-describedby, aria-invalid), for every kind of field in bot-fields.ts.
import { useId } from "react";
import { contrast, parseColor, textOn, WHITE, BLACK } from "../../config/brand-colors.ts";
import type { FieldProblemCode } from "../../config/config-fields.ts";
import type { FieldDef } from "./bot-fields.ts";
import type { BotWords } from "../../i18n/console-words.ts";
import { problemsOf, valueAt, type Config, type Problem } from "./config-path.ts";

/** Fields whose default (when the configuration leaves them out) is yes. */
const YES_BY_DEFAULT = new Set(["autoPayAvailable", "prePayAvailable"]);
/** Choices the widget defaults when left out. */
const CHOICE_DEFAULTS: Record<string, string> = { measurementMode: "area" };

export function problemText(problem: Problem, path: string, w: BotWords): string {
  const words = w.problems[problem.code as FieldProblemCode];
  const text = words ? words(problem.limit) : problem.message;
  const index = problem.field.slice(path.length + 1).split(".")[0];
  return index && /^\d+$/.test(index) ? `${w.line(Number(index) + 1)}${text}` : text;
}

interface FieldProps {
  def: FieldDef;
  config: Config;
  problems: readonly Problem[];
  w: BotWords;
  onChange: (path: string, value: unknown) => void;
}

export function Field({ def, config, problems, w, onChange }: FieldProps) {
  const id = useId();
  const mine = problemsOf(problems, def.path);
  const value = valueAt(config, def.path);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const described = mine.length > 0 ? `${errorId} ${helpId}` : helpId;
  const common = { id, "aria-describedby": described, "aria-invalid": mine.length > 0 ? true : undefined, required: def.required } as const;
  const text = (raw: string) => onChange(def.path, raw === "" && !def.required ? undefined : raw);
  let control;
  switch (def.kind) {
    case "long":
      control = <textarea {...common} rows={3} value={typeof value === "string" ? value : ""} onChange={(e) => text(e.target.value)} />;
      break;
    case "lines": {
      const lines = Array.isArray(value) ? value.map((entry) => (entry === null ? "null" : String(entry))).join("\n") : "";
      control = (
        <textarea
          {...common}
          rows={4}
          value={lines}
          onChange={(e) => {
            const list = e.target.value.split("\n").map((line) => line.trim());
            // A trailing empty line is where the owner is about to type.
            onChange(def.path, list.every((line) => line === "") ? undefined : list.filter((line, i) => line !== "" || i === list.length - 1).filter((line) => line !== ""));
          }}
        />
      );
      break;
    }
    case "number":
      control = (
        <input
          {...common}
          type="text"
          inputMode="decimal"
          value={value === undefined ? "" : String(value)}
          onChange={(e) => {
            const raw = e.target.value.trim();
            onChange(def.path, raw === "" ? undefined : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw);
          }}
        />
      );
      break;
    case "yesNo": {
      const checked = typeof value === "boolean" ? value : YES_BY_DEFAULT.has(def.path);
      return (
        <div className="field">
          <label className="check">
            <input type="checkbox" aria-describedby={described} checked={checked} onChange={(e) => onChange(def.path, e.target.checked)} />
            {w.fields[def.path].label}
          </label>
          <p id={helpId} className="help">
            {w.fields[def.path].help}
          </p>
          <Problems id={errorId} problems={mine} path={def.path} w={w} />
        </div>
      );
    }
    case "choice": {
      const current = typeof value === "string" ? value : (CHOICE_DEFAULTS[def.path] ?? "");
      control = (
        <select {...common} value={current} onChange={(e) => onChange(def.path, e.target.value === "" ? undefined : e.target.value)}>
          {!(def.path in CHOICE_DEFAULTS) && <option value="">{w.defaultChoice}</option>}
          {def.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {w.choices[choice.word]}
            </option>
          ))}
        </select>
      );
      break;
    }
    case "colour":
      control = <ColourInput common={common} value={typeof value === "string" ? value : ""} onText={text} w={w} />;
      break;
    default:
      control = (
        <input
          {...common}
          type={def.kind === "url" ? "url" : def.kind === "phone" ? "tel" : "text"}
          inputMode={def.kind === "url" ? "url" : def.kind === "phone" ? "tel" : undefined}
          autoComplete="off"
          spellCheck={def.kind === "text"}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => text(e.target.value)}
        />
      );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{w.fields[def.path].label}</label>
      <p id={helpId} className="help">
        {w.fields[def.path].help}
      </p>
      {control}
      <Problems id={errorId} problems={mine} path={def.path} w={w} />
    </div>
  );
}

export function Problems({ id, problems, path, w }: { id: string; problems: readonly Problem[]; path: string; w: BotWords }) {
  if (problems.length === 0) return null;
  return (
    <p id={id} className="problem" data-field={path}>
      {problems.map((problem) => problemText(problem, path, w)).join(" ")}
    </p>
  );
}

/** The widget's own green: what an empty colour field offers. */
const PLACEHOLDER = "#1e7b34";

/** A colour as text (what brand guides give), a picker beside it, and the contrast rule for its text. */
function ColourInput({ common, value, onText, w }: { common: { id: string; "aria-describedby": string }; value: string; onText: (raw: string) => void; w: BotWords }) {
  const rgb = parseColor(value);
  // An empty or unreadable field's picker shows the placeholder's colour, not a black that nobody chose.
  const hex = rgb ? `#${[rgb.r, rgb.g, rgb.b].map((c) => c.toString(16).padStart(2, "0")).join("")}` : PLACEHOLDER;
  const text = rgb ? textOn(rgb) : undefined;
  const ratio = rgb ? contrast(rgb, text === "#fff" ? WHITE : BLACK).toFixed(1) : "";
  return (
    <>
      <span className="colour-row">
        <input {...common} type="text" autoComplete="off" spellCheck={false} placeholder={PLACEHOLDER} value={value} onChange={(e) => onText(e.target.value)} />
        <input type="color" aria-hidden="true" tabIndex={-1} value={hex} onChange={(e) => onText(e.target.value)} />
        {rgb && (
          <span className="swatch" style={{ background: hex, color: text }} aria-hidden="true">
            Aa
          </span>
        )}
      </span>
      {rgb && <p className="help">{w.contrast(ratio, text === "#fff" ? w.white : w.black)}</p>}
    </>
  );
}
