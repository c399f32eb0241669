// Entry of dist/quote-assistant-servman.js, loaded only for a ServMan company's visitor, as soon
// as the company's configuration says ServMan: hands the widget bundle ServMan's chapter of the
// flow (steps with their guards, inputs and words, tasks, calls), the calendar's availability
// call, and the views only the chapter asks for (where the calendar shows, the call button). It runs on the widget's
// valibot and helpers (src/lazy/shared-with-chunks.ts); every other company's visitor never
// downloads a byte of it.
import { buildId } from "quote-assistant:build";
import { servmanChapter } from "../state/tasks/servman-chapter-parts.ts";
import { CalendarSlot } from "../ui/scheduling/calendar-slot.tsx";
import { CallButton } from "../ui/scheduling/call-button.tsx";
import { registerServmanChapter } from "./shared-registry.ts";

registerServmanChapter(buildId, { ...servmanChapter, views: { CalendarSlot, CallButton } });
