import type { UnitsRepo } from './units.repo.js';

export function createUnitsService(deps: { unitsRepo: UnitsRepo }) {
  return {
    async listForUser(userId: number) {
      const results = await deps.unitsRepo.ofUser(userId);
      return { count: results.length, results };
    },
  };
}
export type UnitsService = ReturnType<typeof createUnitsService>;
