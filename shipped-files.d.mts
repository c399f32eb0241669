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
  /** Who fetches it: the host page (its tags), the widget, when a visitor needs it, or the console's page (/console/). */
  loadedBy: "page" | "widget" | "console";
  /** What it may take from the widget: see shipped-files.mjs. */
  shares: "widget" | "contract" | "nothing";
  /** A pattern of inputs the build refuses in it (a file that shares nothing: node_modules; the widget: ServMan's chapter). */
  mustNotBundle?: string;
  /** What the build says when it finds one. */
  mustNotBundleReason?: string;
  /** Extensions bundled as text (the console's docs/install.md). */
  textFiles?: readonly string[];
  sourcemap: boolean;
  /** Brotli bytes (quality 11). */
  budget: number;
  /** Why that many. */
  reason: string;
}
export declare const SHIPPED_FILES: readonly ShippedFile[];
export declare const SHIPPED_NAMES: readonly string[];
/** The modules only ServMan's chapter runs (a pattern of their paths): the widget's `mustNotBundle`. */
export declare const SERVMAN_ONLY: string;
