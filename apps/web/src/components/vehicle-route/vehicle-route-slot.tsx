import { createSlot } from '../slot';

export interface VehicleRouteProps {
  kendaraanId: number;
}

/** The route a vehicle drives now, as the routes feature shows and sets it (the shell provides it). */
export const { Provider: VehicleRouteProvider, Slot: VehicleRoute } =
  createSlot<VehicleRouteProps>('VehicleRoute');
