import { createSlot } from '../slot';

export interface VehicleRecordsProps {
  kendaraanId: number;
  /** Shown folded under their title, opened (and fetched) on a click: in a narrow drawer beside other details. */
  folded?: boolean;
  /** After a record was added, closed or deleted (the vehicle's availability may have changed). */
  onChanged?: () => void;
}

/** A vehicle's maintenance orders, incidents and pre-trip checks, as their feature shows them (the shell provides it). */
export const { Provider: VehicleRecordsProvider, Slot: VehicleRecords } =
  createSlot<VehicleRecordsProps>('VehicleRecords');
