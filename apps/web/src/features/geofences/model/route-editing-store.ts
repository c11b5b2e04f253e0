import type { RouteRow } from '@pantau/contracts';
import { create } from 'zustand';

/**
 * The routes on the map in one place: the list panel, the route whose details are shown, and the
 * spec's "Edit route" (edit, key, data) — `edit` while the form beside the map is open, `key` the
 * trayekId being edited (null for a new one); the form holds its values. `path` is the road as drawn or
 * taken from a trip; `pathVersion` changes when the path is replaced from outside the drawing tool
 * (a recorded trip), so the tool starts again from it.
 */
interface RouteEditingState {
  listOpen: boolean;
  selectedId: number | null;
  edit: boolean;
  key: number | null;
  editing: RouteRow | null;
  path: GeoJSON.LineString | null;
  pathVersion: number;
  openList: () => void;
  select: (trayekId: number | null) => void;
  startNew: () => void;
  startEdit: (route: RouteRow, path: GeoJSON.LineString) => void;
  /** The path as the drawing tool reports it. */
  setDrawn: (path: GeoJSON.LineString) => void;
  /** A new path from elsewhere (a recorded trip): the drawing tool starts again from it. */
  replacePath: (path: GeoJSON.LineString) => void;
  closeForm: () => void;
  closeAll: () => void;
}

const noForm = { edit: false, key: null, editing: null, path: null } as const;

export const useRouteEditing = create<RouteEditingState>((set) => ({
  listOpen: false,
  selectedId: null,
  ...noForm,
  pathVersion: 0,
  openList: () => set({ listOpen: true, selectedId: null, ...noForm }),
  select: (selectedId) => set({ selectedId, listOpen: false }),
  startNew: () => set((s) => ({ ...noForm, edit: true, listOpen: false, pathVersion: s.pathVersion + 1 })),
  startEdit: (route, path) =>
    set((s) => ({
      edit: true,
      key: route.trayekId,
      editing: route,
      path,
      listOpen: false,
      pathVersion: s.pathVersion + 1,
    })),
  setDrawn: (path) => set({ path }),
  replacePath: (path) => set((s) => ({ path, pathVersion: s.pathVersion + 1 })),
  // Back to the route's details after editing it, to the list after abandoning a new one.
  closeForm: () => set((s) => ({ ...noForm, listOpen: s.key === null && s.selectedId === null })),
  closeAll: () => set({ listOpen: false, selectedId: null, ...noForm }),
}));

/** Whether any route panel is on the map (the geography panels then step aside). */
export const routesShown = (s: Pick<RouteEditingState, 'listOpen' | 'selectedId' | 'edit'>) =>
  s.listOpen || s.selectedId !== null || s.edit;
