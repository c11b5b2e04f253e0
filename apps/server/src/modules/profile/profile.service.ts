import {
  userSettings,
  type LoginUser,
  type UserSettings,
  type UserSettingsResponse,
} from '@pantau/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ConflictError, UnauthenticatedError, WrongPasswordError } from '../../errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { diffFields } from '../audit/audit.js';
import type { Actor } from '../kit/actor.js';
import { uniqueViolationOf } from '../kit/unique-violation.js';
import { recordAudit } from '../audit/audit.repo.js';
import type { AuthRepo } from '../auth/auth.repo.js';
import { toLoginUser } from '../auth/auth.service.js';
import type { TokenService } from '../auth/auth.tokens.js';
import type { LoginLimiter } from '../auth/login-limiter.js';
import type { ProfileRepo } from './profile.repo.js';

const emailTaken = () =>
  new ConflictError('This e-mail address is already registered', [
    { path: 'email', message: 'This e-mail address is already registered' },
  ]);

/**
 * Stored settings with every field the schema no longer accepts (or never had) replaced by its
 * default, so a value written by an older version never breaks the read.
 */
export function settingsOf(stored: Record<string, unknown>): UserSettings {
  const shape = userSettings.shape;
  const valid: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const field: z.ZodType = shape[key];
    if (field.safeParse(stored[key]).success) valid[key] = stored[key];
  }
  return userSettings.parse(valid);
}

/** The signed-in user's own account: profile, password and settings (audited with no unit). */
export function createProfileService(deps: {
  db: Db;
  profileRepo: ProfileRepo;
  authRepo: Pick<AuthRepo, 'groupsOf'>;
  tokens: TokenService;
  limiter: LoginLimiter;
  clock: () => Date;
}) {
  const { db, profileRepo, authRepo, tokens, limiter, clock } = deps;

  async function userOf(userId: number, tx: Db = db) {
    const user = await profileRepo.findById(userId, tx);
    if (!user) throw new UnauthenticatedError();
    return user;
  }

  return {
    async updateProfile(actor: Actor, input: { displayName: string; email: string }): Promise<LoginUser> {
      try {
        await db.transaction(async (tx) => {
          const before = await userOf(actor.userId, tx);
          if (await profileRepo.emailTakenByOther(input.email, actor.userId, tx)) throw emailTaken();
          await profileRepo.updateProfile(actor.userId, input, tx);
          const changes = diffFields(
            { displayName: before.displayName, email: before.email },
            { displayName: input.displayName, email: input.email },
          );
          if (Object.keys(changes).length > 0)
            await recordAudit(tx, actor, {
              unitId: null,
              action: 'update',
              entity: 'profile',
              entityId: actor.userId,
              label: actor.username,
              changes,
            });
        });
      } catch (err) {
        // Two users racing for one e-mail: the unique index decides.
        if (uniqueViolationOf(err)) throw emailTaken();
        throw err;
      }
      return toLoginUser(await userOf(actor.userId), await authRepo.groupsOf(actor.userId));
    },

    /**
     * Checks the current password (failures counted like sign-in), stores the new one and bumps the
     * token version so every other session ends; answers a fresh token for this browser.
     */
    async changePassword(
      actor: Actor,
      input: { currentPassword: string; newPassword: string },
      ip: string,
    ): Promise<{ token: string }> {
      const user = await userOf(actor.userId);
      await limiter.check(user.username, ip);
      if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
        await limiter.fail(user.username, ip);
        throw new WrongPasswordError();
      }
      await limiter.succeed(user.username);
      const passwordHash = await hashPassword(input.newPassword);
      const tokenVersion = await db.transaction(async (tx) => {
        const version = await profileRepo.setPassword(actor.userId, passwordHash, tx);
        await recordAudit(tx, actor, {
          unitId: null,
          action: 'password',
          entity: 'profile',
          entityId: actor.userId,
          label: actor.username,
          changes: diffFields({ password: 'old' }, { password: 'new' }),
        });
        return version;
      });
      return { token: await tokens.sign({ userId: actor.userId, tokenVersion }) };
    },

    async settings(userId: number): Promise<UserSettingsResponse> {
      const { settings } = await userOf(userId);
      return {
        ...settingsOf(settings),
        savedAt: typeof settings.savedAt === 'string' ? settings.savedAt : null,
      };
    },

    async saveSettings(actor: Actor, input: UserSettings): Promise<UserSettingsResponse> {
      const savedAt = clock().toISOString();
      return db.transaction(async (tx) => {
        const before = settingsOf((await userOf(actor.userId, tx)).settings);
        await profileRepo.setSettings(actor.userId, { ...input, savedAt }, tx);
        const changes = diffFields(before, input);
        if (Object.keys(changes).length > 0)
          await recordAudit(tx, actor, {
            unitId: null,
            action: 'update',
            entity: 'settings',
            entityId: actor.userId,
            label: actor.username,
            changes,
          });
        return { ...input, savedAt };
      });
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
