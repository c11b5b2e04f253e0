import type { ReactNode } from 'react';

/**
 * A number with its unit ("0 km/h", "12,5 km"), a date or "2 minutes ago" kept in reading order and on one
 * line whatever the page's direction: in right-to-left it would otherwise read "km/h 0".
 */
export function Quantity({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </bdi>
  );
}
