// The views only ServMan's chapter asks for, which come with it in dist/quote-assistant-servman.js
// (src/lazy/servman-chunk.ts): where the calendar shows (./calendar-slot.tsx) and the office's
// call button (./call-button.tsx). The widget imports only these types.
import type { ComponentType } from "react";
import type { CalendarSlotProps } from "./calendar-slot.tsx";
import type { CallButtonProps } from "./call-button.tsx";

export interface ServmanViews {
  CalendarSlot: ComponentType<CalendarSlotProps>;
  CallButton: ComponentType<CallButtonProps>;
}
