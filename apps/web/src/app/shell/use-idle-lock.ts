import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LOCKED_FROM_KEY, LOCKED_KEY } from '../../lib/session';

/** Minutes without input before the lock screen. */
export const IDLE_LOCK_MS = 15 * 60_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Goes to /lockscreen after 15 minutes without input; the sessionStorage flag `locked` keeps the user
 * there (a reload of a shell page goes back to the lock screen) until they unlock.
 */
export function useIdleLock(): void {
  const navigate = useNavigate();

  useEffect(() => {
    const lock = () => {
      sessionStorage.setItem(LOCKED_KEY, '1');
      sessionStorage.setItem(LOCKED_FROM_KEY, `${window.location.pathname}${window.location.search}`);
      void navigate('/lockscreen', { replace: true });
    };
    if (sessionStorage.getItem(LOCKED_KEY)) {
      void navigate('/lockscreen', { replace: true });
      return;
    }
    let timer = window.setTimeout(lock, IDLE_LOCK_MS);
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < 1000) return; // pointermove fires often; re-arm at most once a second
      last = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(lock, IDLE_LOCK_MS);
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [navigate]);
}
