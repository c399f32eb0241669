// The session's CSRF token, the one the console sends on every write (X-CSRF-Token): kept from
// the answer that signed the page in (/console/api/session or /console/api/me), else read once
// from /console/api/me; forgotten when the server says it is not the session's (signed in again
// in another tab), so the next write reads the new session's.
let held: Promise<string> | undefined;

/** The token of the session the page just signed in to. */
export function keepCsrfToken(token: string): void {
  held = Promise.resolve(token);
}

/** After a refusal of the token, or signing out: the next write reads it again. */
export function forgetCsrfToken(): void {
  held = undefined;
}

/** The held token, else `read()`'s (a failed read is not held). */
export function csrfToken(read: () => Promise<string>): Promise<string> {
  const reading = (held ??= read());
  reading.catch(() => {
    if (held === reading) held = undefined;
  });
  return reading;
}
