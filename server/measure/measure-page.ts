// The measuring tool's page (issue 33): markup only. The script and the stylesheet are files
// of this origin (src/measure-tool/, bundled), so the page runs under a CSP without
// 'unsafe-inline'; the options reach the script in the root element's data-* attributes.
import { html, type SafeHtml } from "../pages/html.ts";

/** No inline code or style; tiles and the script from this origin; any page may frame it. */
export const MEASURE_TOOL_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors *",
].join("; ");

export interface MeasureToolPageOptions {
  address: string;
  mode: "area" | "perimeter";
  metric: boolean;
  parentOrigin: string | undefined;
  /** The geocoded address; undefined when it was not found (the map cannot open). */
  centre: { lat: number; lng: number } | undefined;
  zoom: number;
  maxZoom: number;
  tileTemplate: string;
  attribution: string;
  attributionUrl?: string;
  /** The parcel's outline as [lng, lat] pairs: a faint guide, used only on request. */
  outline?: Array<[number, number]>;
  scriptUrl: string;
  styleUrl: string;
}

function attributionLine(options: MeasureToolPageOptions): SafeHtml {
  return options.attributionUrl
    ? html`<a href="${options.attributionUrl}" target="_blank" rel="noopener noreferrer">${options.attribution}</a>`
    : html`${options.attribution}`;
}

export function renderMeasureToolPage(options: MeasureToolPageOptions): SafeHtml {
  const area = options.mode === "area";
  const place = options.address || "your property";
  const found = options.centre !== undefined;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>Measure your lawn</title>
<link rel="stylesheet" href="${options.styleUrl}">
<script defer src="${options.scriptUrl}"></script>
</head>
<body>
<main id="measure-tool" class="tool"
 data-address="${options.address}"
 data-mode="${options.mode}"
 data-units="${options.metric ? "metric" : "imperial"}"
 data-centre="${options.centre ? JSON.stringify([options.centre.lng, options.centre.lat]) : ""}"
 data-zoom="${options.zoom}"
 data-max-zoom="${options.maxZoom}"
 data-tile-template="${options.tileTemplate}"
 data-attribution="${options.attribution}"
 data-attribution-url="${options.attributionUrl ?? ""}"
 data-outline="${options.outline ? JSON.stringify(options.outline) : ""}">
<header class="top">
<h1 class="address">${place}</h1>
<p class="total">${area ? "Lawn area" : "Length"}: <output id="total" aria-live="polite">0 ${area ? (options.metric ? "m²" : "sq ft") : options.metric ? "m" : "ft"}</output></p>
</header>
<p id="problem" class="problem" role="alert" hidden></p>
<div class="stage">
<div id="map" class="map" tabindex="0" role="application" aria-roledescription="map" aria-label="Satellite map of ${place}. ${area ? "Tap around your lawn to outline it." : "Tap along the edges to measure them."}" aria-describedby="help">
<canvas id="map-canvas"></canvas>
</div>
<div class="zoom">
<button type="button" id="zoom-in" aria-label="Zoom in">+</button>
<button type="button" id="zoom-out" aria-label="Zoom out">−</button>
</div>
<div class="scale" aria-hidden="true"><span id="scale-bar" class="scale-bar"></span><span id="scale-label"></span></div>
<p class="attribution">${attributionLine(options)}</p>
<div id="unavailable" class="unavailable" role="alert" ${found ? html`hidden` : ""}>
<p>${found ? "" : "This address could not be found on the satellite map. Please close this and type your lawn's size instead."}</p>
<button type="button" data-close class="primary">Close</button>
</div>
</div>
<p id="status" class="status" role="status"></p>
<p id="help" class="help">${area ? "Tap or click around your lawn; tap the first point or press Done to close it." : "Tap or click along each edge; press Done to finish a line."} Two fingers or a mouse drag move the map; drag a point to correct it. Keys: arrows move the map, + and − zoom, Enter adds a point at the centre cross, Backspace undoes.</p>
<nav class="toolbar" aria-label="Drawing">
<div class="tools">
<button type="button" id="done">Done</button>
<button type="button" id="undo">Undo</button>
<button type="button" id="start-over">Start over</button>
<button type="button" id="add-area">Add another area</button>
<button type="button" id="take-out">Take out an area</button>
<button type="button" id="use-outline" hidden>Start from the lot outline</button>
</div>
<div class="finish">
<button type="button" data-close>Close</button>
<button type="button" id="use" class="primary">Use this measurement</button>
</div>
</nav>
</main>
</body>
</html>
`;
}
