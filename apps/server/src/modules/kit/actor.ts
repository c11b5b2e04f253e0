import type { FastifyRequest } from 'fastify';

/** Who does a write: the signed-in user (the audit trail names them). */
export interface Actor {
  userId: number;
  username: string;
}

/** The signed-in user in the unit of the role they chose. */
export interface UnitActor extends Actor {
  unitId: number;
}

/** The signed-in user of a request (routes with `auth` other than `public`). */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.user.userId,
  username: request.user.username,
});

/** The signed-in user and the unit of their chosen role (routes with `auth: 'role'` or `'admin'`). */
export const unitActorOf = (request: FastifyRequest): UnitActor => ({
  ...actorOf(request),
  unitId: request.role.unitId,
});
