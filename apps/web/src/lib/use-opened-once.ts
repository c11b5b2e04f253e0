import { useState } from 'react';

/**
 * True once `open` has been true: a dialog or drawer whose code loads when first opened renders from
 * then on, so that it can animate closed and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
