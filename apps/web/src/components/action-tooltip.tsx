import { Tooltip, type TooltipProps } from 'antd';
import { cloneElement, useRef, useState, type ReactElement } from 'react';

/**
 * A tooltip for a button that opens a layer (a drawer, a dialog): it closes on the button's click and
 * stays closed until the pointer leaves the button. Escape closes the topmost layer, and a tooltip
 * open over the layer the click opened would take that Escape. Without this a click within the
 * tooltip's 0.1 s hover delay opens the tooltip just after the click, over the new layer.
 * Spread `tooltip` on the Tooltip and `button` on its Button.
 */
export function useActionTooltip() {
  const [open, setOpen] = useState(false);
  const clicked = useRef(false);
  return {
    tooltip: { open, onOpenChange: (next: boolean) => setOpen(next && !clicked.current) },
    button: {
      onClickCapture: () => {
        clicked.current = true;
        setOpen(false);
      },
      onMouseLeave: () => {
        clicked.current = false;
      },
    },
  };
}

/**
 * `useActionTooltip` as a component, for a button inside another trigger (a Popconfirm): the props
 * the outer trigger gives it (its click, its ref) pass on to the Tooltip.
 */
export function ActionTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'open' | 'onOpenChange' | 'children'> & { children: ReactElement }) {
  const tip = useActionTooltip();
  return (
    <Tooltip {...props} {...tip.tooltip}>
      {cloneElement(children, tip.button)}
    </Tooltip>
  );
}
