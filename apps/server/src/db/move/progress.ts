import type { MoveProgress } from './move-to-postgres.js';

const count = (n: number) => Math.round(n).toLocaleString('en');

/** "3 min 5 s", "42 s", "1 h 2 min". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** The figures of a move: rows copied of the total, the share, the rate and the time left. */
export function progressFigures(p: MoveProgress, elapsedMs: number): string {
  const fraction = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
  const rate = elapsedMs > 0 ? (p.done / elapsedMs) * 1000 : 0;
  const left = rate > 0 ? duration((p.total - p.done) / rate) : '?';
  return (
    `${count(p.done)} / ${count(p.total)} rows  ${Math.floor(fraction * 100)}%  ` +
    `${count(rate)} rows/s  ${fraction >= 1 ? 'done' : `about ${left} left`}  ${p.table}`
  );
}

/**
 * Shows a move's progress: on a terminal a bar redrawn in place (at most ten times a second);
 * otherwise (a log, a pipe) a line every 5 seconds and one at the end.
 */
export function createMoveReporter(
  out: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
  now: () => number = Date.now,
) {
  const started = now();
  let lastDraw = -Infinity;
  return (p: MoveProgress) => {
    const t = now();
    const end = p.done >= p.total;
    if (t - lastDraw < (out.isTTY ? 100 : 5_000) && !end) return;
    lastDraw = t;
    const figures = progressFigures(p, t - started);
    if (!out.isTTY) {
      out.write(`moving: ${figures}\n`);
      return;
    }
    const width = 30;
    const filled = Math.round((p.total > 0 ? Math.min(1, p.done / p.total) : 1) * width);
    out.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures}\x1b[K`);
    if (end) out.write('\n');
  };
}
