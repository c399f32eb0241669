// Types of esbuild-options.mjs (plain JavaScript so that build.mjs runs on Node without tsx).
import type { BuildOptions } from "esbuild";
export declare const SHIPPED_BUILD_OPTIONS: BuildOptions;
