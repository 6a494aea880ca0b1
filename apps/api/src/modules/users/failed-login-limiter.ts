/**
 * At most 10 failed logins per e-mail per 15 minutes (issue 4), counted in this process's memory:
 * a fixed window per e-mail, opened by its first failure. See docs/decisions/0020.
 */
export const FAILED_LOGIN_LIMIT = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Bounds the memory an attacker spraying e-mails can make us hold; the per-address limit caps the rate. */
const MAX_TRACKED_EMAILS = 10_000;

export function createFailedLoginLimiter(now: () => number = Date.now) {
  const windows = new Map<string, { failures: number; startedAt: number }>();

  const live = (email: string) => {
    const window = windows.get(email);
    if (window && now() - window.startedAt < FAILED_LOGIN_WINDOW_MS) return window;
    windows.delete(email);
    return undefined;
  };

  const makeRoom = () => {
    for (const email of windows.keys()) live(email);
    // Still full of live windows: forget the oldest (Map keeps insertion order).
    if (windows.size >= MAX_TRACKED_EMAILS) windows.delete(windows.keys().next().value!);
  };

  return {
    isBlocked: (email: string) => (live(email)?.failures ?? 0) >= FAILED_LOGIN_LIMIT,
    recordFailure(email: string) {
      const window = live(email);
      if (window) {
        window.failures += 1;
        return;
      }
      if (windows.size >= MAX_TRACKED_EMAILS) makeRoom();
      windows.set(email, { failures: 1, startedAt: now() });
    },
    reset: (email: string) => void windows.delete(email),
  };
}

export type FailedLoginLimiter = ReturnType<typeof createFailedLoginLimiter>;
