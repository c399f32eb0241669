// The imagery port (issue 33): the satellite tiles our own measuring tool (/measure/) draws on.
// The tiles are requested by the visitor's browser straight from the provider, with a public
// token that the provider restricts to this server's URL: both providers' terms ask for their
// tiles to be requested from their API by the map that shows them (no proxy, no cache of
// ours), so no secret ever reaches the page and nothing is stored here (docs/deploy.md,
// "Satellite imagery"). Off when no provider is configured: then a company with the measuring
// tool and no tool of its own has no tool, as before.

export interface ImageryPort {
  /** For the start-up log: "mapbox", "esri", "demo stand-in", "off". */
  readonly name: string;
  readonly live: boolean;
  /** An XYZ (web-mercator) tile URL with `{z}`, `{x}`, `{y}`; 256 CSS px per tile. */
  readonly tileTemplate: string;
  /** The template's origin, for the tool page's CSP (img-src). */
  readonly tileOrigin: string;
  /** The deepest zoom the provider has imagery for; the tool scales its tiles beyond it. */
  readonly maxZoom: number;
  /** What the provider's terms require shown on the map, always. */
  readonly attribution: string;
  readonly attributionUrl?: string;
}

export const IMAGERY_OFF: ImageryPort = {
  name: "off",
  live: false,
  tileTemplate: "",
  tileOrigin: "",
  maxZoom: 0,
  attribution: "",
};
