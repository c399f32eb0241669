export declare const FIREFOX_PATH: string;
export declare const WEBKIT_DRIVER_PATH: string;
export declare const FIREFOX_PREFS: Record<string, boolean | number>;
