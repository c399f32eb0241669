// The scheduling calendar (SPEC §2, §5): a day from the visitor's today to one year ahead.
// 'Today' is the day the order was made (scheduleFrom): the engine reads no clock.
import { calendarRange, formatLongDate, isWithinCalendar, weekdayOf } from "../scheduling.ts";
import type { InputKind } from "./input-kind.ts";
// From the contract's pure part: the widget's copy (src/lazy/servman-chunk.ts).
import { answerAt as savedAs } from "../shared-pure.ts";

export const calendar: InputKind<"calendar"> = {
  resolve(spec, from) {
    const today = from.state.answers.scheduleFrom;
    if (!today || !isWithinCalendar(today, today)) return undefined;
    return { kind: "calendar", label: from.say(spec.label), ...calendarRange(today) };
  },
  accept(input, answer, { saveAs, locale }) {
    if (!isWithinCalendar(answer.value, input.min)) {
      return { ok: false, reason: `${answer.value} is not a day between ${input.min} and ${input.max}` };
    }
    return {
      ok: true,
      values: { ...savedAs(saveAs, answer.value), scheduleDay: weekdayOf(answer.value) },
      // The visitor's bubble, in their language, as the bot's own words say the day.
      display: formatLongDate(answer.value, locale),
    };
  },
};
