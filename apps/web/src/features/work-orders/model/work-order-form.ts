import {
  workOrderInput,
  type WorkOrderDetail,
  type WorkOrderInputDraft,
  type WorkOrderKind,
} from '@pantau/contracts';

/** Every field of the form, in the contract's names (server errors name these). */
export const WORK_ORDER_FORM_FIELDS = Object.keys(workOrderInput.shape) as (keyof WorkOrderInputDraft)[];

/** A new SPK of a kind: not kosongan, nothing else chosen. */
export const newWorkOrder = (kind: WorkOrderKind): Partial<WorkOrderInputDraft> => ({
  kind,
  kosongan: false,
});

/** The form's values for an existing SPK: its row in the contract's input names. */
export function workOrderFormValues(s: WorkOrderDetail): WorkOrderInputDraft {
  return {
    kind: s.kind,
    spkNumber: s.spkNumber,
    dtNumber: s.dtNumber,
    kendaraanId: s.kendaraanId,
    pengemudiId: s.pengemudiId,
    coPengemudiId: s.coPengemudiId,
    trayekId: s.trayekId,
    runDate: s.runDate,
    originPolygonId: s.originPolygonId,
    destinationPolygonId: s.destinationPolygonId,
    customer: s.customer,
    loadCount: s.loadCount,
    loadDescription: s.loadDescription,
    kosongan: s.kosongan,
    notes: s.notes,
  };
}

/** Checks the form with the contract before sending, as the server will. */
export function checkWorkOrderForm(values: Partial<WorkOrderInputDraft>) {
  return workOrderInput.safeParse(values);
}
