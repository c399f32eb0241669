// The scheduling calendar (SPEC §2 'Scheduling screen', §5): a month grid of days from today to
// one year ahead. Keyboard as in the WAI-ARIA date grid: arrows move by day and week, Home
// and End to the week's ends, Page Up and Page Down by month (with Shift by year), Enter or
// Space chooses. Days outside the range are shown but cannot be chosen or reached. Days the
// backend says have no free window (issue 16) are crossed out and cannot be chosen, but stay
// reachable by the arrows; until the month's answer arrives, or when it fails, every day is.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ResolvedInput } from "../../flow/types.ts";
import { useLocale, useWords } from "../../lazy/shared-with-chunks.ts";
// ServMan's dates: the widget has none of them, so this chunk carries its own.
import { addDays, addMonths, addYears, formatLongDate, formatMonth, weekdayNames, weekdayOf, WEEKDAYS } from "../../flow/scheduling.ts";

type CalendarSpec = Extract<ResolvedInput, { kind: "calendar" }>;

/** The month's days in weeks from Sunday; null for the cells before the 1st and after the last. */
export function monthWeeks(anyDay: string): Array<Array<string | null>> {
  const first = `${anyDay.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const cells: Array<string | null> = Array.from({ length: WEEKDAYS.indexOf(weekdayOf(first)) }, () => null);
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export interface CalendarProps {
  input: CalendarSpec;
  onAnswer: (value: string) => boolean;
  /** The days of a month ("2026-11") with a free window; a rejection leaves every day open. */
  openDays?: (month: string, signal: AbortSignal) => Promise<string[]>;
}

export function SchedulingCalendar({ input, onAnswer, openDays }: CalendarProps) {
  const w = useWords();
  const locale = useLocale();
  const [focused, setFocused] = useState(input.min);
  const [known, setKnown] = useState<Record<string, Set<string>>>({});
  const gridRef = useRef<HTMLTableElement>(null);
  const keyMoved = useRef(false);
  const ids = useId();
  const labelId = `${ids}-label`;
  const monthId = `${ids}-month`;
  const hintId = `${ids}-hint`;

  const clamp = (day: string) => (day < input.min ? input.min : day > input.max ? input.max : day);
  const month = focused.slice(0, 7);
  const dayButton = (day: string) => gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${day}"]`);

  // A new calendar takes the focus the chat window holds for the next input.
  useEffect(() => {
    const root = gridRef.current?.getRootNode() as Document | ShadowRoot | undefined;
    if (root?.activeElement?.classList.contains("qa-window")) dayButton(focused)?.focus({ preventScroll: true });
    // Only on mount: later moves focus the day themselves.
  }, []);

  useEffect(() => {
    if (!openDays || known[month]) return;
    const abort = new AbortController();
    openDays(month, abort.signal).then(
      (days) => setKnown((all) => ({ ...all, [month]: new Set(days) })),
      () => {},
    );
    return () => abort.abort();
  }, [month]);

  useEffect(() => {
    if (!keyMoved.current) return;
    keyMoved.current = false;
    dayButton(focused)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent) => {
    const weekday = WEEKDAYS.indexOf(weekdayOf(focused));
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday),
      End: () => addDays(focused, 6 - weekday),
      PageUp: () => (event.shiftKey ? addYears(focused, -1) : addMonths(focused, -1)),
      PageDown: () => (event.shiftKey ? addYears(focused, 1) : addMonths(focused, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    keyMoved.current = true;
    setFocused(clamp(move()));
  };

  return (
    <div className="qa-calendar" role="group" aria-labelledby={labelId}>
      <p className="qa-field-label" id={labelId}>
        {input.label}
      </p>
      <div className="qa-calendar-head">
        <button
          type="button"
          className="qa-calendar-nav"
          aria-label={w.previousMonth}
          disabled={month <= input.min.slice(0, 7)}
          onClick={() => setFocused(clamp(addMonths(focused, -1)))}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="qa-calendar-month" id={monthId} aria-live="polite">
          {formatMonth(focused, locale)}
        </p>
        <button
          type="button"
          className="qa-calendar-nav"
          aria-label={w.nextMonth}
          disabled={month >= input.max.slice(0, 7)}
          onClick={() => setFocused(clamp(addMonths(focused, 1)))}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="qa-visually-hidden" id={hintId}>
        {w.calendarHint}
      </p>
      <table className="qa-calendar-grid" role="grid" aria-labelledby={monthId} aria-describedby={hintId} ref={gridRef} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {weekdayNames(locale).map((name) => (
              <th key={name} scope="col" abbr={name}>
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week, index) => (
            <tr key={index}>
              {week.map((day, column) =>
                day === null ? (
                  <td key={`empty-${column}`} role="gridcell" />
                ) : (
                  <td key={day} role="gridcell">
                    <DayButton day={day} open={day >= input.min && day <= input.max} none={known[month]?.has(day) === false} today={day === input.min} focused={day === focused} onChoose={onAnswer} onFocus={setFocused} locale={locale} notAvailable={w.notAvailable} noTimes={w.noTimesAvailable} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayButton(props: { day: string; open: boolean; none: boolean; today: boolean; focused: boolean; onChoose: (day: string) => boolean; onFocus: (day: string) => void; locale: string | undefined; notAvailable: string; noTimes: string }) {
  const { day } = props;
  const open = props.open && !props.none;
  return (
    <button
      type="button"
      className="qa-day"
      data-date={day}
      tabIndex={props.focused ? 0 : -1}
      aria-label={`${formatLongDate(day, props.locale)}${open ? "" : props.open ? props.noTimes : props.notAvailable}`}
      data-none={open || !props.open ? undefined : ""}
      aria-disabled={open ? undefined : true}
      aria-current={props.today ? "date" : undefined}
      // A day focused by pointer is where the arrows start from.
      onFocus={() => props.open && props.onFocus(day)}
      onClick={() => {
        if (open) props.onChoose(day);
      }}
    >
      {Number(day.slice(8))}
    </button>
  );
}
