import type { BackfillProgress } from './simulator.js';

/**
 * A console progress reporter for the back-fill: on a terminal a bar redrawn in place (at most ten
 * times a second); otherwise (logs, CI) one line per 10 %.
 */
export function createProgressBar(
  label: string,
  out: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
) {
  const started = Date.now();
  let lastDraw = 0;
  let lastDecile = -1;
  let finished = false;
  return {
    update({ done, total, positions }: BackfillProgress) {
      if (finished) return;
      const fraction = total > 0 ? Math.min(1, done / total) : 1;
      finished = fraction >= 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const figures = `${Math.round(fraction * 100)}%  ${positions.toLocaleString('en')} positions  ${seconds} s`;
      if (out.isTTY) {
        const now = Date.now();
        if (now - lastDraw < 100 && fraction < 1) return;
        lastDraw = now;
        const width = 30;
        const filled = Math.round(fraction * width);
        out.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${figures}\x1b[K`);
        if (fraction >= 1) out.write('\n');
        return;
      }
      const decile = Math.floor(fraction * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        out.write(`${label} ${figures}\n`);
      }
    },
  };
}
