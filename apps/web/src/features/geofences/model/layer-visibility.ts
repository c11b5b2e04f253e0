import { create } from 'zustand';

export type GeographyLayer = 'geofences' | 'markers' | 'routes';
const STORAGE_KEY = 'map_layers';
const DEFAULTS: Record<GeographyLayer, boolean> = { geofences: true, markers: true, routes: false };

function read(): Record<GeographyLayer, boolean> {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<
      Record<GeographyLayer, unknown>
    >;
    return {
      geofences: typeof saved.geofences === 'boolean' ? saved.geofences : DEFAULTS.geofences,
      markers: typeof saved.markers === 'boolean' ? saved.markers : DEFAULTS.markers,
      routes: typeof saved.routes === 'boolean' ? saved.routes : DEFAULTS.routes,
    };
  } catch {
    return DEFAULTS;
  }
}

/** Which geography layers the map shows; remembered in this browser. */
export const useLayerVisibility = create<{
  visible: Record<GeographyLayer, boolean>;
  toggle: (layer: GeographyLayer, on: boolean) => void;
}>((set) => ({
  visible: typeof localStorage === 'undefined' ? DEFAULTS : read(),
  toggle: (layer, on) =>
    set((s) => {
      const visible = { ...s.visible, [layer]: on };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(visible));
      return { visible };
    }),
}));
