import { useEffect } from 'react';
import { advance } from '../model/player';
import { usePlaybackStore } from '../model/playback-store';

/**
 * Drives the player while `play` is on: each animation frame moves `indexData` by the steps the time
 * since the last frame makes at `playSpeed`, and stops at the last fix. Only the index changes in the
 * store; what draws it subscribes.
 */
export function usePlayerClock(count: number): void {
  const play = usePlaybackStore((s) => s.play);
  useEffect(() => {
    if (!play || count === 0) return;
    let carry = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const store = usePlaybackStore.getState();
      const next = advance(store.indexData, carry, now - last, store.playSpeed, count);
      last = now;
      carry = next.carryMs;
      store.setIndex(next.indexData);
      if (next.ended) store.setPlay(false);
      else frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [play, count]);
}
