import type { TrackingItem, VehicleMotion } from '@pantau/contracts';

/** One colour per motion, used by the map icons and the legend. */
export const MOTION_COLORS: Record<VehicleMotion, string> = {
  moving: '#16a34a',
  idle: '#f59e0b',
  stopped: '#2563eb',
  offline: '#9f5b5b',
  nodata: '#cbd5e1',
};

export const motionColor = (motion: VehicleMotion): string => MOTION_COLORS[motion] ?? MOTION_COLORS.nodata;

/** The map image of a vehicle: its class and motion, e.g. `vehicle:CC:moving`. */
export const vehicleIconId = (v: Pick<TrackingItem, 'vehicleClass' | 'motion'>): string =>
  `vehicle:${v.vehicleClass}:${v.motion}`;
