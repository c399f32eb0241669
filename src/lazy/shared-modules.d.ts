// The module build.mjs generates for the main bundle: exactly the exports of React, the
// libraries and our own modules that the lazily loaded chunks import, under their keys.
declare module "quote-assistant:shared-modules" {
  /** Identifies the build, so a chunk from another build refuses to run against this one. */
  export const linkId: string;
  export const sharedModules: Readonly<Record<string, unknown>>;
}
