import type { LngLat, MarkerRow } from '@pantau/contracts';
import { create } from 'zustand';

/**
 * The POI editor's state: `openForm` while a POI is placed (new, `editing` null) or edited, `position`
 * where its pin is now (null until a new one is placed by a click on the map), `selected` the POI whose
 * details are shown.
 */
interface PoiEditingState {
  openForm: boolean;
  editing: MarkerRow | null;
  position: LngLat | null;
  selected: MarkerRow | null;
  startNew: () => void;
  startEdit: (marker: MarkerRow) => void;
  setPosition: (position: LngLat) => void;
  select: (marker: MarkerRow | null) => void;
  close: () => void;
}

export const usePoiEditing = create<PoiEditingState>((set) => ({
  openForm: false,
  editing: null,
  position: null,
  selected: null,
  startNew: () => set({ openForm: true, editing: null, position: null, selected: null }),
  startEdit: (marker) => set({ openForm: true, editing: marker, position: marker.position, selected: null }),
  setPosition: (position) => set({ position }),
  select: (selected) => set({ selected }),
  close: () => set({ openForm: false, editing: null, position: null }),
}));
