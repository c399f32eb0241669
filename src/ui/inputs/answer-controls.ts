// The controls an answer is given with, in the answer area (`.qa-input`): what takes the focus
// when a question waits for the visitor and the focus is on the chat window (answer-input.tsx),
// and where the element's focus() lands in an open chat (src/element/define-element.ts).
export const ANSWER_CONTROLS = "input, select, [role=slider], button:not([disabled])";

/** The first answer control of the open chat window, in document order. */
export const FIRST_ANSWER_CONTROL = ANSWER_CONTROLS.split(", ")
  .map((control) => `.qa-window .qa-input ${control}`)
  .join(", ");
