import { availabilityHistory, type AvailabilityHistory } from '@pantau/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { availabilityKeys } from './availability-keys';

/** How far back a vehicle's history looks. */
export const HISTORY_DAYS = 7;

/** A vehicle's kept categories over a window, with the window. */
export interface WindowedHistory extends AvailabilityHistory {
  fromMs: number;
  toMs: number;
}

/** GET kendaraan/availability/history — a vehicle's kept categories between two instants. */
export const getAvailabilityHistory = (
  kendaraanId: number,
  from: string,
  to: string,
): Promise<AvailabilityHistory> =>
  api.getAuth('kendaraan/availability/history', {
    query: { kendaraanId, from, to },
    schema: availabilityHistory,
  });

/** The vehicle's last 7 days up to the moment of each fetch (a refetch moves the window on). */
export function useAvailabilityHistory(unitId: number | undefined, kendaraanId: number | null) {
  return useQuery({
    queryKey: availabilityKeys.history(unitId, kendaraanId ?? 0),
    queryFn: async (): Promise<WindowedHistory> => {
      const toMs = Date.now();
      const fromMs = toMs - HISTORY_DAYS * 86_400_000;
      const history = await getAvailabilityHistory(
        kendaraanId!,
        new Date(fromMs).toISOString(),
        new Date(toMs).toISOString(),
      );
      return { ...history, fromMs, toMs };
    },
    enabled: kendaraanId !== null,
  });
}
