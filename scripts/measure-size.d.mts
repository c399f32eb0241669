// Types of measure-size.mjs (plain JavaScript so that build.mjs runs on Node without tsx).
export declare const BUILD_ID_FILE: string;
export declare function measureFile(file: string): { raw: number; gzip: number; brotli: number };
