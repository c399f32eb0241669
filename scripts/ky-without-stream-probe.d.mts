// Types of ky-without-stream-probe.mjs (plain JavaScript so that build.mjs runs on Node without tsx).
import type { Plugin } from "esbuild";
export declare const kyWithoutStreamProbe: Plugin;
