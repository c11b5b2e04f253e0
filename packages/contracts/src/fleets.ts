import { z } from 'zod';
import { listOf, pagingQuery } from './common.js';
import { id, text } from './input.js';

// ── Fleets of the unit (units/fleet) ────────────────────────────────────────────────────────────────

export const fleetRow = z.object({
  fleetId: z.number().int(),
  unitId: z.number().int(),
  fleetName: z.string(),
  vehicleCount: z.number().int(),
});
export type FleetRow = z.infer<typeof fleetRow>;
export const fleetList = listOf(fleetRow);
export type FleetList = z.infer<typeof fleetList>;
/** `GET /api/units/fleet`: paging plus a search on the fleet name. */
export const fleetSearchQuery = pagingQuery.extend({ search: text().trim().max(64).optional() });
export type FleetSearchQuery = z.infer<typeof fleetSearchQuery>;
export const fleetInput = z.object({
  fleetName: text('Fleet name is required').trim().min(2, 'Fleet name must be at least 2 characters').max(80),
});
export type FleetInput = z.infer<typeof fleetInput>;
/** `PUT /api/units/fleet/{fleetId}/vehicles`: the fleet's vehicles, replaced as a whole. */
export const fleetVehiclesInput = z.object({ kendaraanIds: z.array(id()).max(5000) });
/** `GET /api/units/fleet/{fleetId}/vehicles`: the unit's vehicles in the fleet. */
const fleetVehicle = z.object({
  kendaraanId: z.number().int(),
  nomorPolisi: z.string(),
  nomorKendaraan: z.string(),
});
export type FleetVehicle = z.infer<typeof fleetVehicle>;
export const fleetVehicleList = listOf(fleetVehicle);
