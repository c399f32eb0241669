// The input kinds only ServMan's chapter asks with (its lists as buttons, the calendar, the
// office's call button): they come with the chapter in dist/quote-assistant-servman.js and reach
// the engine through FlowContext.late (./index.ts).
import { calendar } from "./calendar.ts";
import { call } from "./call.ts";
import type { InputKind, LateKindName } from "./input-kind.ts";
import { servmanChoice } from "./servman-choice.ts";

export const servmanKinds: { [K in LateKindName]: InputKind<K> } = { servmanChoice, calendar, call };
