import { createContext, useContext, type ComponentType } from 'react';

/**
 * A place in a page that a feature fills without the page importing it (features never import each
 * other): the app provides the feature's component, and whoever renders the slot renders that
 * component there, in the same place in the tree, with the same props. Empty until provided.
 */
export function createSlot<Props extends object>(name: string) {
  const Filled = createContext<ComponentType<Props> | null>(null);
  function Slot(props: Props) {
    const Component = useContext(Filled);
    return Component ? <Component {...props} /> : null;
  }
  Slot.displayName = name;
  return { Provider: Filled.Provider, Slot };
}
