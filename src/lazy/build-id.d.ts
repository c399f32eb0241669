// The module build.mjs makes for the bundles (they exist only in its builds).
declare module "quote-assistant:build" {
  /** Names this build (a hash of its sources): the widget and its quote chunk must agree on it. */
  export const buildId: string;
}
