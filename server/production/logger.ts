// The production entry's log: one JSON object per line on stdout, at or above LOG_LEVEL.
// Callers pass fields they choose; nothing here copies a request body, a query string or a
// header, so a visitor's name, phone, e-mail, address or card never reaches a line.

export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type LineLevel = Exclude<LogLevel, "silent">;

export type LogFields = Record<string, string | number | boolean | null>;

export interface Logger {
  log(level: LineLevel, msg: string, fields?: LogFields): void;
}

export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** `write` gets one line without its newline (default: process.stdout). */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  return {
    log(lineLevel, msg, fields = {}) {
      if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lineLevel, msg, ...fields }));
    },
  };
}
