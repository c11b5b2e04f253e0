import type { AuditEntity } from '@pantau/contracts';
import { createSlot } from '../slot';

export interface AuditDrawerProps {
  entity: AuditEntity;
  /** One record's history; absent for every record of the entity in the chosen unit. */
  entityId?: string | number | undefined;
  open: boolean;
  onClose: () => void;
  title?: string | undefined;
  /** Translates a field name of `changes` (e.g. `nomorPolisi` → "Plate number"); the raw name otherwise. */
  fieldLabel?: ((field: string) => string) | undefined;
}

/** The audit history of an entity or one record, as the audit feature draws it (the shell provides it). */
export const { Provider: AuditDrawerProvider, Slot: AuditDrawer } =
  createSlot<AuditDrawerProps>('AuditDrawer');
