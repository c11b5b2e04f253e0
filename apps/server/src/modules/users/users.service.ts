import type { UserCreateInput, UserList, UserRow, UserSearchQuery, UserUpdateInput } from '@pantau/contracts';
import type { Db } from '../../db/client.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  LastAdministratorError,
  ValidationError,
  type FieldError,
} from '../../errors.js';
import { hashPassword } from '../../lib/password.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import { diffFields } from '../audit/audit.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { UnitActor } from '../kit/actor.js';
import type { MemberRecord, UsersRepo } from './users.repo.js';

/** The Administrator acting, in the unit they chose. */
export interface ActingAdministrator extends UnitActor {
  /** Every unit where the actor is Administrator (their other roles grant nothing here). */
  administratorOf: number[];
}

/** 404 that names the field at fault (an unknown username when adding an existing user). */
class UnknownUserError extends DomainError {
  readonly code = 'NOT_FOUND' as const;
}
const notMember = () => new UnknownUserError('No such user in this unit');

const ADMINISTRATOR = 'Administrator';

/** The audit trail's verb: a role change or a disable/enable on its own says so; anything else is an update. */
function auditAction(changes: Record<string, { from: unknown; to: unknown }>): string {
  const fields = Object.keys(changes);
  if (fields.length === 1 && fields[0] === 'role') return 'role';
  if (fields.length === 1 && fields[0] === 'disabled') return changes.disabled!.to ? 'disable' : 'enable';
  return 'update';
}

export function createUsersService(deps: { usersRepo: UsersRepo; db: Db }) {
  const { usersRepo, db } = deps;

  const canManage = (actor: ActingAdministrator, unitIds: number[]) =>
    unitIds.every((u) => actor.administratorOf.includes(u));

  const toRow = (r: MemberRecord, unitIds: number[], actor: ActingAdministrator): UserRow => ({
    userId: r.userId,
    username: r.username,
    displayName: r.displayName,
    email: r.email,
    role: r.role,
    disabled: r.disabled,
    lastLogin: r.lastLogin ? r.lastLogin.toISOString() : null,
    canManageAccount: canManage(actor, unitIds),
  });

  async function member(tx: Db, actor: ActingAdministrator, userId: number) {
    const record = await usersRepo.memberOfUnit(tx, actor.unitId, userId);
    if (!record) throw notMember();
    const unitIds = (await usersRepo.unitsOf(tx, [userId])).get(userId) ?? [];
    return { record, unitIds };
  }

  /** Refuses when the user is the unit's only enabled Administrator. */
  async function keepAnAdministrator(tx: Db, unitId: number, userId: number) {
    const admins = await usersRepo.activeAdministrators(tx, unitId);
    if (admins.includes(userId) && admins.length === 1) throw new LastAdministratorError();
  }

  /** Two writes racing past the checks: the unique index names the field, as the check would have. */
  const raced = (err: unknown): never => {
    const constraint = uniqueViolationOf(err)?.constraint;
    if (constraint === 'users_username_unique')
      throw new ConflictError('Another user already has these details', [
        { path: 'username', message: 'This username is already taken' },
      ]);
    if (constraint === 'users_email_unique')
      throw new ConflictError('Another user already has these details', [
        { path: 'email', message: 'This e-mail address is already used by another user' },
      ]);
    if (constraint === 'user_groups_user_unit_unique')
      throw new ConflictError('This user already belongs to this unit', [
        { path: 'username', message: 'This user already belongs to this unit' },
      ]);
    throw err;
  };

  async function conflictsOf(
    tx: Db,
    values: { username?: string | undefined; email?: string | undefined },
    exceptUserId?: number,
  ) {
    const taken = await usersRepo.taken(tx, values, exceptUserId);
    const errors: FieldError[] = [
      ...(taken.username ? [{ path: 'username', message: 'This username is already taken' }] : []),
      ...(taken.email
        ? [{ path: 'email', message: 'This e-mail address is already used by another user' }]
        : []),
    ];
    if (errors.length) throw new ConflictError('Another user already has these details', errors);
  }

  return {
    async listOfUnit(actor: ActingAdministrator, q: UserSearchQuery): Promise<UserList> {
      const { count, rows } = await usersRepo.pageOfUnit(actor.unitId, q, q.Take, q.Skip);
      const units = await usersRepo.unitsOf(
        db,
        rows.map((r) => r.userId),
      );
      return { count, results: rows.map((r) => toRow(r, units.get(r.userId) ?? [], actor)) };
    },

    async get(actor: ActingAdministrator, userId: number): Promise<UserRow> {
      const { record, unitIds } = await member(db, actor, userId);
      return toRow(record, unitIds, actor);
    },

    /** A new account in the unit (with a password), or an existing user added to it (without). */
    async create(actor: ActingAdministrator, input: UserCreateInput): Promise<UserRow> {
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      const userId = await db
        .transaction(async (tx) => {
          if (passwordHash === undefined) {
            const found = await usersRepo.findByLogin(tx, input.username);
            if (!found)
              throw new UnknownUserError('No user has this username or e-mail', [
                { path: 'username', message: 'No user has this username or e-mail' },
              ]);
            if (await usersRepo.memberOfUnit(tx, actor.unitId, found.userId))
              throw new ConflictError('This user already belongs to this unit', [
                { path: 'username', message: 'This user already belongs to this unit' },
              ]);
            await usersRepo.insertMembership(tx, {
              userId: found.userId,
              unitId: actor.unitId,
              role: input.role,
            });
            await recordAudit(tx, actor, {
              unitId: actor.unitId,
              action: 'add',
              entity: 'user',
              entityId: found.userId,
              label: found.username,
              changes: diffFields(null, { role: input.role }),
            });
            return found.userId;
          }
          if (!input.email)
            throw new ValidationError('A new account needs an e-mail address', [
              { path: 'email', message: 'E-mail is required for a new account' },
            ]);
          await conflictsOf(tx, { username: input.username, email: input.email });
          const account = {
            username: input.username,
            email: input.email,
            displayName: input.displayName ?? input.username,
          };
          const newId = await usersRepo.insertUser(tx, { ...account, passwordHash });
          await usersRepo.insertMembership(tx, { userId: newId, unitId: actor.unitId, role: input.role });
          await recordAudit(tx, actor, {
            unitId: actor.unitId,
            action: 'create',
            entity: 'user',
            entityId: newId,
            label: account.username,
            changes: diffFields(null, { ...account, role: input.role, password: '(set)' }),
          });
          return newId;
        })
        .catch(raced);
      return this.get(actor, userId);
    },

    async update(actor: ActingAdministrator, userId: number, input: UserUpdateInput): Promise<UserRow> {
      await db
        .transaction(async (tx) => {
          const { record, unitIds } = await member(tx, actor, userId);
          const account: { disabled?: boolean; displayName?: string; email?: string } = {};
          if (input.disabled !== undefined && input.disabled !== record.disabled)
            account.disabled = input.disabled;
          if (input.displayName !== undefined && input.displayName !== record.displayName)
            account.displayName = input.displayName;
          if (input.email !== undefined && input.email.toLowerCase() !== record.email.toLowerCase())
            account.email = input.email;
          const roleChanges = input.role !== undefined && input.role !== record.role;

          if (Object.keys(account).length > 0 && !canManage(actor, unitIds))
            throw new ForbiddenError(
              'This user also belongs to units where you are not Administrator; only their role in this unit can be changed here',
            );
          if (account.disabled === true && userId === actor.userId)
            throw new ForbiddenError('You cannot disable your own account');
          if (account.email !== undefined) await conflictsOf(tx, { email: account.email }, userId);
          if (roleChanges && record.role === ADMINISTRATOR)
            await keepAnAdministrator(tx, actor.unitId, userId);
          if (account.disabled === true)
            for (const unitId of unitIds) await keepAnAdministrator(tx, unitId, userId);

          if (roleChanges) await usersRepo.setRole(tx, actor.unitId, userId, input.role!);
          await usersRepo.updateAccount(tx, userId, account);
          const before = {
            role: record.role,
            disabled: record.disabled,
            displayName: record.displayName,
            email: record.email,
          };
          const changes = diffFields(before, { ...before, role: input.role ?? record.role, ...account });
          if (Object.keys(changes).length > 0)
            await recordAudit(tx, actor, {
              unitId: actor.unitId,
              action: auditAction(changes),
              entity: 'user',
              entityId: userId,
              label: record.username,
              changes,
            });
        })
        .catch(raced);
      return this.get(actor, userId);
    },

    /** Takes the user out of this unit; the account and its other units stay. */
    async removeFromUnit(actor: ActingAdministrator, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { record } = await member(tx, actor, userId);
        if (record.role === ADMINISTRATOR) await keepAnAdministrator(tx, actor.unitId, userId);
        await usersRepo.deleteMembership(tx, actor.unitId, userId);
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'remove',
          entity: 'user',
          entityId: userId,
          label: record.username,
          changes: { role: { from: record.role, to: null } },
        });
      });
    },

    /** A new password set by an Administrator; the user's sessions end. */
    async resetPassword(actor: ActingAdministrator, userId: number, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const { record, unitIds } = await member(tx, actor, userId);
        if (!canManage(actor, unitIds))
          throw new ForbiddenError(
            'This user also belongs to units where you are not Administrator; their password cannot be reset here',
          );
        await usersRepo.setPassword(tx, userId, passwordHash);
        await recordAudit(tx, actor, {
          unitId: actor.unitId,
          action: 'reset_password',
          entity: 'user',
          entityId: userId,
          label: record.username,
          changes: diffFields({ password: 'old' }, { password: 'new' }),
        });
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
