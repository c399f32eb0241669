// Where ServMan's calendar shows: the calendar itself comes with the scheduling chunk
// (dist/quote-assistant-scheduling.js), fetched ahead while the visitor answers the ServMan
// questions. Until it has arrived, the typing dots and a short status; if it cannot be loaded,
// a kind line and 'Try again', the conversation staying where it is. Comes with ServMan's
// chapter (dist/quote-assistant-servman.js, ./servman-views-contract.ts), on the widget's React.
import type { LazyChunkState } from "../../lazy/use-lazy-chunk.ts";
import type { CalendarProps } from "./calendar.tsx";
import type { SchedulingChunk } from "./scheduling-chunk-contract.ts";
import { useWords, Waiting } from "../../lazy/shared-with-chunks.ts";

export type CalendarSlotProps = CalendarProps & { scheduling: LazyChunkState<SchedulingChunk>; onRetry: () => void };

export function CalendarSlot({ scheduling, onRetry, ...props }: CalendarSlotProps) {
  const w = useWords();
  const { chunk, failed } = scheduling;
  if (chunk) return <chunk.SchedulingCalendar {...props} />;
  if (failed) {
    return (
      <div className="qa-choices">
        <p className="qa-field-error" role="alert">
          {w.calendarFailed}
        </p>
        <button type="button" className="qa-choice qa-choice-primary" onClick={onRetry}>
          {w.tryAgain}
        </button>
      </div>
    );
  }
  return (
    <div className="qa-calendar-loading">
      <Waiting status={w.calendarLoading} />
    </div>
  );
}
