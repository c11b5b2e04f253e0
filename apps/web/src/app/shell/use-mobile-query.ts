import { useEffect } from 'react';
import { isMobile, DESKTOP_QUERY } from '../../lib/layout-settings';
import { useLayoutStore } from '../../lib/layout-store';

/** Keeps the `mobile` flag following the 992 px media query (S-035). */
export function useMobileQuery(): void {
  const setMobile = useLayoutStore((s) => s.setMobile);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const update = () => setMobile(isMobile((q) => window.matchMedia(q)));
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [setMobile]);
}
