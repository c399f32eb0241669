// The measuring tool's words (issue 33): its page, rendered by the server (server/measure/
// measure-page.ts), and its script's messages (src/measure-tool/). The page names its language
// in `data-lang`; the script takes the same language's words from ../measure-tool-words.ts.
// Units are words too: the chat says "pies cuadrados" to a Spanish visitor, so the tool does not
// say "sq ft" to the same visitor.
import type { MeasureUnit } from "../../config/measurement.ts";

export interface MeasureToolWords {
  /** The page's title. */
  title: string;
  /** The heading when the tool was opened without an address. */
  yourProperty: string;
  /** Before the running total. */
  total: (area: boolean) => string;
  /** The map's accessible name. */
  map: (place: string, area: boolean) => string;
  zoomIn: string;
  zoomOut: string;
  close: string;
  /** The help under the map: how to draw, move and use the keys. */
  help: (area: boolean) => string;
  /** The toolbar's accessible name. */
  drawing: string;
  done: string;
  undo: string;
  startOver: string;
  addArea: string;
  takeOut: string;
  useOutline: string;
  use: string;
  /** The map cannot open: the address was not found, or the imagery is down. */
  notFound: string;
  unavailable: string;
  /** Why the result cannot go back to the page that opened the tool. */
  parentInvalid: string;
  parentMissing: string;
  cannotSend: string;
  notFramed: string;
  /** The status line after each action. */
  areaFinished: string;
  areaClosedUse: string;
  twoFingers: string;
  sent: (total: string) => string;
  notSent: (total: string) => string;
  closed: string;
  tooFewToFinish: (area: boolean) => string;
  finished: (area: boolean) => string;
  cleared: string;
  nextArea: string;
  takeOutArea: string;
  outlineDrawn: string;
  /** Why the drawing cannot be used yet. */
  tooFewToUse: (area: boolean) => string;
  outOfRange: (total: string, min: number, max: string, unit: string) => string;
  /** A unit after a number in the running total and the scale bar: "1,234 sq ft", "250 ft". */
  unitAfterNumber: Record<MeasureUnit, string>;
  /** A unit named in a sentence (outOfRange's `unit`). */
  unitName: Record<MeasureUnit, string>;
}

export const measureTool: MeasureToolWords = {
  title: "Measure your lawn",
  yourProperty: "your property",
  total: (area) => (area ? "Lawn area" : "Length"),
  map: (place, area) => `Satellite map of ${place}. ${area ? "Tap around your lawn to outline it." : "Tap along the edges to measure them."}`,
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  close: "Close",
  help: (area) =>
    `${area ? "Tap or click around your lawn; tap the first point or press Done to close it." : "Tap or click along each edge; press Done to finish a line."} Two fingers or a mouse drag move the map; drag a point to correct it. Keys: arrows move the map, + and − zoom, Enter adds a point at the centre cross, Backspace undoes.`,
  drawing: "Drawing",
  done: "Done",
  undo: "Undo",
  startOver: "Start over",
  addArea: "Add another area",
  takeOut: "Take out an area",
  useOutline: "Start from the lot outline",
  use: "Use this measurement",
  notFound: "This address could not be found on the satellite map. Please close this and type your lawn's size instead.",
  unavailable: "The satellite picture is not available right now. Please close this and type your lawn's size instead.",
  parentInvalid: "The page that opened this tool gave an invalid address for itself, so the measurement cannot be sent back.",
  parentMissing: "This tool was opened without the address of the page that asked for it, so the measurement cannot be sent back.",
  cannotSend: "The measurement cannot be sent back.",
  notFramed: "This tool is not inside another page, so there is nobody to send the measurement to.",
  areaFinished: "This area is finished. Press “Add another area” or “Take out an area” to draw more.",
  areaClosedUse: "Area closed. Press “Use this measurement”, or add or take out another area.",
  twoFingers: "Use two fingers to move or zoom the map; tap with one finger to add a point.",
  sent: (total) => `Sent: ${total}.`,
  notSent: (total) => `Measured ${total}, but it could not be sent.`,
  closed: "Closed.",
  tooFewToFinish: (area) => (area ? "Tap at least three points to finish an area." : "Tap at least two points to finish a line."),
  finished: (area) => (area ? "Area closed." : "Line finished. Tap to start another line, or use the measurement."),
  cleared: "Drawing cleared.",
  nextArea: "Tap around the next part of the lawn.",
  takeOutArea: "Tap around the part to take out, such as a flower bed or a pool.",
  outlineDrawn: "The lot outline is drawn. Drag its points to fit your lawn, or take out areas.",
  tooFewToUse: (area) =>
    area ? "Tap at least three points around your lawn before using the measurement." : "Tap at least two points along the edge before using the measurement.",
  outOfRange: (total, min, max, unit) => `This drawing measures ${total}, but only ${min} to ${max} ${unit} can be sent. Please adjust the drawing.`,
  unitAfterNumber: { "sq ft": "sq ft", "sq m": "m²", "linear ft": "ft", "linear m": "m" },
  unitName: { "sq ft": "sq ft", "sq m": "sq m", "linear ft": "linear ft", "linear m": "linear m" },
};
