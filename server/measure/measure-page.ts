// The measuring tool's page (issue 33): markup only. The script and the stylesheet are files
// of this origin (src/measure-tool/, bundled), so the page runs under a CSP without
// 'unsafe-inline'; the options reach the script in the root element's data-* attributes.
import type { Language } from "../../src/i18n/language-tags.ts";
import { unitFor } from "../../src/config/measurement.ts";
import { MEASURE_TOOL_WORDS } from "../../src/i18n/measure-tool-words.ts";
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
  /** The visitor's language: the page's words, and the script's (data-lang). */
  lang: Language;
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
  const w = MEASURE_TOOL_WORDS[options.lang];
  const place = options.address || w.yourProperty;
  const found = options.centre !== undefined;
  return html`<!doctype html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${w.title}</title>
<link rel="stylesheet" href="${options.styleUrl}">
<script defer src="${options.scriptUrl}"></script>
</head>
<body>
<main id="measure-tool" class="tool"
 data-lang="${options.lang}"
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
<p class="total">${w.total(area)}: <output id="total" aria-live="polite">0 ${w.unitAfterNumber[unitFor(options.mode, options.metric)]}</output></p>
</header>
<p id="problem" class="problem" role="alert" hidden></p>
<div class="stage">
<div id="map" class="map" tabindex="0" role="application" aria-roledescription="map" aria-label="${w.map(place, area)}" aria-describedby="help">
<canvas id="map-canvas"></canvas>
</div>
<div class="zoom">
<button type="button" id="zoom-in" aria-label="${w.zoomIn}">+</button>
<button type="button" id="zoom-out" aria-label="${w.zoomOut}">−</button>
</div>
<div class="scale" aria-hidden="true"><span id="scale-bar" class="scale-bar"></span><span id="scale-label"></span></div>
<p class="attribution">${attributionLine(options)}</p>
<div id="unavailable" class="unavailable" role="alert" ${found ? html`hidden` : ""}>
<p>${found ? "" : w.notFound}</p>
<button type="button" data-close class="primary">${w.close}</button>
</div>
</div>
<p id="status" class="status" role="status"></p>
<p id="help" class="help">${w.help(area)}</p>
<nav class="toolbar" aria-label="${w.drawing}">
<div class="tools">
<button type="button" id="done">${w.done}</button>
<button type="button" id="undo">${w.undo}</button>
<button type="button" id="start-over">${w.startOver}</button>
<button type="button" id="add-area">${w.addArea}</button>
<button type="button" id="take-out">${w.takeOut}</button>
<button type="button" id="use-outline" hidden>${w.useOutline}</button>
</div>
<div class="finish">
<button type="button" data-close>${w.close}</button>
<button type="button" id="use" class="primary">${w.use}</button>
</div>
</nav>
</main>
</body>
</html>
`;
}
