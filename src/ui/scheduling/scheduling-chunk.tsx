// Entry of dist/quote-assistant-scheduling.js, loaded only for a ServMan company's visitor once
// the conversation reaches its ServMan steps: hands the calendar and its CSS to the widget
// bundle, whose React and shared modules it runs on (src/lazy/shared-with-chunks.ts).
import { buildId } from "quote-assistant:build";
import { registerSchedulingChunk } from "../../lazy/shared-registry.ts";
import { SchedulingCalendar } from "./calendar.tsx";
import type { SchedulingChunk } from "./scheduling-chunk-contract.ts";
import { SCHEDULING_CSS } from "./scheduling-css.ts";

const chunk: SchedulingChunk = { SchedulingCalendar, css: SCHEDULING_CSS };
registerSchedulingChunk(buildId, chunk);
