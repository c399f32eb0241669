// Types of shipped-files.mjs (plain JavaScript so that build.mjs runs on Node without tsx).
export interface ShippedFile {
  /** Its name under dist/. */
  file: string;
  /** The source esbuild starts from. */
  entry: string;
  /** A language's file: the language (its tree, src/i18n/<lang>/, is the entry's `quote-assistant:language`). */
  language?: string;
  /** How the build's messages name it. */
  name: string;
  /** Who fetches it: the host page (its tags) or the widget, when a visitor needs it. */
  loadedBy: "page" | "widget";
  /** What it may take from the widget: see shipped-files.mjs. */
  shares: "widget" | "contract" | "nothing";
  /** With shares "nothing": a pattern of inputs it must not bundle. */
  mustNotBundle?: string;
  sourcemap: boolean;
  /** Starts with V8's `//# allFunctionsCalledOnLoad`: compiled whole, off the main thread, as it streams in. */
  eagerCompile?: boolean;
  /** Brotli bytes (quality 11). */
  budget: number;
  /** Why that many. */
  reason: string;
}
export declare const SHIPPED_FILES: readonly ShippedFile[];
export declare const SHIPPED_NAMES: readonly string[];
