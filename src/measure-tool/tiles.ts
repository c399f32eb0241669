// Tile pictures, loaded once each and kept while the visitor pans back and forth. The first
// view decides whether imagery works at all: if most of its tiles fail, the page says so
// instead of showing a grey map to draw on.
import { tileUrl } from "./tile-math.ts";
import type { TilePlacement } from "./map-view.ts";

export type Verdict = "waiting" | "working" | "unavailable";

/**
 * Once every tile of the first view has loaded or failed: more than half failed is
 * unavailable. After `FIRST_VIEW_PATIENCE_MS` (`outOfTime`), a tile still on its way counts as
 * failed: imagery that slow is as good as down for a homeowner waiting to draw.
 */
export function firstViewVerdict(total: number, loaded: number, failed: number, outOfTime = false): Verdict {
  if (total === 0) return "waiting";
  if (outOfTime) return (total - loaded) * 2 > total ? "unavailable" : "working";
  if (loaded + failed < total) return "waiting";
  return failed * 2 > total ? "unavailable" : "working";
}

/** How long the first view's tiles may take before the imagery is called unavailable. */
export const FIRST_VIEW_PATIENCE_MS = 10_000;

const MAX_CACHED = 400;

export class TileCache {
  private readonly images = new Map<string, HTMLImageElement>();
  private firstView: Set<string> | undefined;
  private loaded = 0;
  private failed = 0;
  private verdict: Verdict = "waiting";

  constructor(
    private readonly template: string,
    private readonly onLoad: () => void,
    private readonly onVerdict: (verdict: Verdict) => void,
  ) {}

  /** The tile's picture once it has loaded; asks for it the first time. */
  get(tile: TilePlacement): HTMLImageElement | undefined {
    const url = tileUrl(this.template, tile.z, tile.x, tile.y);
    let image = this.images.get(url);
    if (!image) image = this.load(url);
    return image.complete && image.naturalWidth > 0 ? image : undefined;
  }

  /** The tiles of the view first drawn are the ones the verdict counts. */
  noteFirstView(tiles: readonly TilePlacement[]): void {
    if (this.firstView) return;
    this.firstView = new Set(tiles.map((t) => tileUrl(this.template, t.z, t.x, t.y)));
    setTimeout(() => {
      if (this.verdict !== "waiting" || !this.firstView) return;
      this.verdict = firstViewVerdict(this.firstView.size, this.loaded, this.failed, true);
      if (this.verdict !== "waiting") this.onVerdict(this.verdict);
    }, FIRST_VIEW_PATIENCE_MS);
  }

  private load(url: string): HTMLImageElement {
    if (this.images.size >= MAX_CACHED) {
      const oldest = this.images.keys().next().value;
      if (oldest !== undefined) this.images.delete(oldest);
    }
    const image = new Image();
    // The provider's tiles come from its own origin (server/ports/imagery.ts): read with CORS so
    // that the drawing's picture can be read back from the canvas.
    image.crossOrigin = "anonymous";
    image.decoding = "async";
    image.addEventListener("load", () => {
      this.settle(url, false);
      this.onLoad();
    });
    image.addEventListener("error", () => this.settle(url, true));
    image.src = url;
    this.images.set(url, image);
    return image;
  }

  private settle(url: string, failed: boolean): void {
    if (this.verdict !== "waiting" || !this.firstView?.has(url)) return;
    if (failed) this.failed++;
    else this.loaded++;
    this.verdict = firstViewVerdict(this.firstView.size, this.loaded, this.failed);
    if (this.verdict !== "waiting") this.onVerdict(this.verdict);
  }
}
