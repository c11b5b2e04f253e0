import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * True once `open` has been true: a dialog or drawer whose code loads when first opened renders from
 * then on, so that it can animate closed and open again at once.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * A component loaded on its first render, or (`untilOpened`, for a dialog or drawer with an `open`
 * prop) when it is first opened: its code is not part of the first load of the pages that show it.
 */
export function lazySlot<P extends object>(
  load: () => Promise<ComponentType<P>>,
  untilOpened = false,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function Slot(props: P) {
    const opened = useOpenedOnce((props as { open?: boolean }).open === true);
    if (untilOpened && !opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
