/** The chosen unit's own details (`GET units/info`): fleet management shows them, user writes change their counts. */
export const unitKeys = {
  all: ['units'] as const,
  infos: ['units', 'info'] as const,
  info: (unitId: number | undefined) => [...unitKeys.infos, unitId] as const,
};
