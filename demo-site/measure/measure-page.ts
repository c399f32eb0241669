// The stand-in measuring tool's page (SPEC §2 measuring-tool modal): the markup only. The
// script (/measure-tool.js) and the stylesheet (/measure-tool.css) are separate files from
// this origin, so the page runs under a CSP without 'unsafe-inline'.
import { html, type SafeHtml } from "../../server/pages/html.ts";
import { METRES_PER_PIXEL, PICTURE_HEIGHT, PICTURE_WIDTH } from "./tool-state.ts";

/** No inline code or style; the drawing is read back as a data: URL picture. */
export const MEASURE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export function renderMeasurePage(options: { address: string }): SafeHtml {
  const scaleBarMetres = 10;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Measuring tool (demo stand-in)</title>
<link rel="stylesheet" href="/measure-tool.css">
<script defer src="/measure-tool.js"></script>
</head>
<body>
<main>
<h1>Measuring tool</h1>
<p class="address">Property: <strong id="address">${options.address || "(no address given)"}</strong></p>
<p id="prompt">Click or tap around the edge of your lawn to colour it in.</p>
<p id="problem" class="problem" role="alert" hidden></p>
<figure>
<canvas id="drawing" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" tabindex="0" data-metres-per-pixel="${METRES_PER_PIXEL}" aria-describedby="keyboard-help scale">Your browser cannot show the aerial picture.</canvas>
<figcaption id="scale">Scale: 1 pixel of the picture is ${METRES_PER_PIXEL} m (the picture is ${PICTURE_WIDTH * METRES_PER_PIXEL} m × ${PICTURE_HEIGHT * METRES_PER_PIXEL} m). The bar in the picture's corner is ${scaleBarMetres} m.</figcaption>
</figure>
<p class="reading">Measured so far: <output id="reading" aria-live="polite">0</output></p>
<div class="toolbar">
<button type="button" id="undo">Undo</button>
<button type="button" id="clear">Clear</button>
<button type="button" id="finish" class="primary">Finish</button>
<button type="button" id="cancel">Cancel</button>
</div>
<p id="status" class="status" role="status"></p>
<p id="keyboard-help" class="help">Keyboard: focus the picture, move the cross with the arrow keys (Shift for bigger steps), press Enter or Space to add a point, Backspace to remove the last one.</p>
<p class="help">A local stand-in for the Measur.it measuring service, on its own origin so the widget talks to it across origins as it would in production. The picture is generated from the address; the measurement is computed from your drawing.</p>
</main>
</body>
</html>
`;
}
