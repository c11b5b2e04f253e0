import { create } from 'zustand';
import { useLayoutStore } from '../lib/layout-store';

/** Track vehicle (spec S-045): the vehicle shown in the information drawer, and whether the map follows it. */
interface TrackState {
  vehicleId: number | null;
  track: boolean;
  select: (vehicleId: number | null) => void;
  setTrack: (track: boolean) => void;
}

export const useTrackStore = create<TrackState>()((set) => ({
  vehicleId: null,
  track: false,
  select: (vehicleId) => set((s) => (s.vehicleId === vehicleId ? s : { vehicleId, track: false })),
  setTrack: (track) => set({ track }),
}));

/** Selects a vehicle and opens the layout's vehicle information drawer (the dashboard and /map use it). */
export function openVehicleDrawer(vehicleId: number): void {
  useTrackStore.getState().select(vehicleId);
  useLayoutStore.getState().setVehicleDrawer(true);
}
