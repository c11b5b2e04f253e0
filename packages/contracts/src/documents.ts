// ── Dated documents: a vehicle's STNK and KIR, a driver's SIM ─────────────────────────────────────

export const documentStatuses = ['valid', 'due_soon', 'expired'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];
/** A document is due soon within this many days of its date (domain research §3.2). */
export const DOCUMENT_DUE_SOON_DAYS = 30;
