import type { UserList } from '@pantau/contracts';
import type { UsersRepo } from './users.repo.js';

export function createUsersService(deps: { usersRepo: UsersRepo }) {
  return {
    async listOfUnit(unitId: number, page: { Take: number; Skip: number }): Promise<UserList> {
      const { count, rows } = await deps.usersRepo.pageOfUnit(unitId, page.Take, page.Skip);
      return {
        count,
        results: rows.map((r) => ({ ...r, lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null })),
      };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
