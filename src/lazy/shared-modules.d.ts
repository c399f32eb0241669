// The modules build.mjs makes for the bundles (they exist only in its builds).
declare module "quote-assistant:build" {
  /** Names this build (a hash of its sources): the widget and its quote chunk must agree on it. */
  export const buildId: string;
}
declare module "quote-assistant:shared-with-quote" {
  /** The widget's exports that the quote chunk uses (SHARED_WITH_QUOTE in build.mjs), by key. */
  export const sharedModules: Readonly<Record<string, unknown>>;
}
