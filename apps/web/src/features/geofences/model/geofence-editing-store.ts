import type { GeofenceRow, SelectedGeo } from '@pantau/contracts';
import { create } from 'zustand';
import type { DrawnShape, DrawShape } from '../../../map/draw-tool';

/**
 * The spec's geofence editing flags in one place: `addGeo` while a new shape is drawn, `editPoint` while
 * an existing one's vertices are moved, `openForm` while the form beside the map is open. `editing` is
 * the geofence being edited (null for a new one), `drawn` the shape as drawn so far, `selected` the
 * spec's "Selected geo" (a geofence clicked on the map).
 */
interface GeofenceEditingState {
  addGeo: boolean;
  editPoint: boolean;
  openForm: boolean;
  shape: DrawShape;
  editing: GeofenceRow | null;
  drawn: DrawnShape | null;
  /** A radius typed in the form, which the drawn circle takes (metres); each typing a new object. */
  typedRadius: { metres: number } | null;
  selected: SelectedGeo | null;
  startNew: (shape: DrawShape) => void;
  startEdit: (geofence: GeofenceRow) => void;
  setShape: (shape: DrawShape) => void;
  setDrawn: (drawn: DrawnShape) => void;
  typeRadius: (radius: number | null) => void;
  select: (selected: SelectedGeo | null) => void;
  close: () => void;
}

const idle = {
  addGeo: false,
  editPoint: false,
  openForm: false,
  editing: null,
  drawn: null,
  typedRadius: null,
} as const;

export const useGeofenceEditing = create<GeofenceEditingState>((set) => ({
  ...idle,
  shape: 'polygon',
  selected: null,
  startNew: (shape) => set({ ...idle, addGeo: true, openForm: true, shape, selected: null }),
  startEdit: (geofence) =>
    set({ ...idle, editPoint: true, openForm: true, shape: geofence.polygonType, editing: geofence }),
  // A new shape's kind changes only before anything is drawn.
  setShape: (shape) => set((s) => (s.addGeo ? { shape, drawn: null } : {})),
  setDrawn: (drawn) => set((s) => ({ drawn, editPoint: s.addGeo ? true : s.editPoint })),
  typeRadius: (metres) => set({ typedRadius: metres === null ? null : { metres } }),
  select: (selected) => set({ selected }),
  close: () => set(idle),
}));

/** Whether a drawing tool owns the map's clicks now. */
export const isDrawing = (s: Pick<GeofenceEditingState, 'addGeo' | 'editPoint'>) => s.addGeo || s.editPoint;
