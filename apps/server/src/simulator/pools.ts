import { ruler } from './road-network.js';

/** The demo's pools: where their vehicles park, and the jobs each one runs. */

/** Yard rows are this many slots wide; slots are 20 m apart in a row and rows 25 m apart. */
const YARD_ROW_SLOTS = 6;
const SLOT_SPACING_M = 20;
const ROW_SPACING_M = 25;

/**
 * Where a slot of a pool's yard is: a grid of slots centred on the pool (6 a row, 20 m apart, rows
 * 25 m apart), as a real yard parks its trucks side by side; 24 vehicles fill 100 m × 75 m, well
 * inside the pool's radius.
 */
export function parkingSlot(pool: { lat: number; lon: number }, slot: number): { lat: number; lon: number } {
  const column = slot % YARD_ROW_SLOTS;
  const row = Math.floor(slot / YARD_ROW_SLOTS);
  const eastM = (column - (YARD_ROW_SLOTS - 1) / 2) * SLOT_SPACING_M;
  const northM = (1.5 - row) * ROW_SPACING_M;
  const [lon, lat] = ruler.offset([pool.lon, pool.lat], eastM / 1000, northM / 1000);
  return { lat: lat!, lon: lon! };
}

/** Jobs (origin → destination) per pool, with weights: the trayeks of research/domain.md §7.2. */
export const jobsByPool: Record<string, [origin: string, destination: string, weight: number][]> = {
  pool_sunter: [
    ['sunter_tmmin', 'ipcc', 4],
    ['sunter_adm', 'ipcc', 3],
    ['kiic_tmmin', 'ipcc', 2],
    ['sunter_tmmin', 'merak', 1],
    ['sunter_adm', 'dealer_bandung', 1],
    ['sunter_tmmin', 'dealer_cirebon', 1],
  ],
  pool_karawang: [
    ['kiic_tmmin', 'ipcc', 4],
    ['kiic_tmmin', 'patimban', 2],
    ['giic', 'dealer_bandung', 2],
    ['kiic_tmmin', 'dealer_cirebon', 1],
    ['adm_karawang', 'dealer_tegal', 1],
    ['adm_karawang', 'dealer_semarang', 1],
    ['giic', 'dealer_surabaya', 0.4],
  ],
  pool_cibitung: [
    ['hpm', 'ipcc', 2],
    ['suzuki_tambun', 'giic', 2],
    ['hyundai', 'ipcc', 2],
    ['giic', 'dealer_bandung', 2],
    ['giic', 'dealer_semarang', 0.7],
  ],
};
