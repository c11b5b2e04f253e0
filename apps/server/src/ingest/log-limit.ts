/**
 * Lets a noisy log line through at most `perWindow` times per key and window, so a peer sending
 * junk forever cannot flood the log; the next line that gets through says how many were suppressed.
 */
export function createLogLimiter(opts: { perWindow?: number; windowMs?: number; maxKeys?: number } = {}) {
  const perWindow = opts.perWindow ?? 5;
  const windowMs = opts.windowMs ?? 60_000;
  const maxKeys = opts.maxKeys ?? 10_000;
  const windows = new Map<string, { start: number; count: number; suppressed: number }>();
  return {
    /** null: stay quiet; otherwise the number of lines suppressed since the last one let through. */
    allow(key: string, now = Date.now()): number | null {
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        if (!w && windows.size >= maxKeys) windows.clear();
        const suppressed = w?.suppressed ?? 0;
        w = { start: now, count: 0, suppressed };
        windows.set(key, w);
      }
      if (w.count >= perWindow) {
        w.suppressed++;
        return null;
      }
      w.count++;
      const suppressed = w.suppressed;
      w.suppressed = 0;
      return suppressed;
    },
  };
}
export type LogLimiter = ReturnType<typeof createLogLimiter>;
