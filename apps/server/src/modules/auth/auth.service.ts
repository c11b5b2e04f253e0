import { createHash, randomBytes } from 'node:crypto';
import type { LoginUser, SignupRequest } from '@pantau/contracts';
import {
  AccountDisabledError,
  ConflictError,
  InvalidCredentialsError,
  ResetTokenInvalidError,
  UnauthenticatedError,
} from '../../errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthRepo, UserRecord } from './auth.repo.js';
import type { TokenService } from './auth.tokens.js';
import type { LoginLimiter } from './login-limiter.js';
import type { Mailer } from './mailer.js';

const RESET_TTL_MS = 60 * 60_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The signed-in user as the guard sees it on every request. */
export interface AuthUser {
  userId: number;
  username: string;
  displayName: string;
  groups: { unitId: number; unitName: string; role: string }[];
}

/** `GET /api/auth/me`'s answer (also the answer of `PUT /api/auth/profile`, modules/profile). */
export function toLoginUser(user: UserRecord, groups: LoginUser['groups']): LoginUser {
  return {
    userId: user.userId,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    groups,
    defaultRole: groups[0]?.role ?? null,
    lastLogin: user.lastLogin ? user.lastLogin.toISOString() : null,
  };
}

export function createAuthService(deps: {
  authRepo: AuthRepo;
  tokens: TokenService;
  limiter: LoginLimiter;
  mailer: Mailer;
  clock: () => Date;
}) {
  const { authRepo, tokens, limiter, mailer, clock } = deps;

  const issue = (user: UserRecord) => tokens.sign({ userId: user.userId, tokenVersion: user.tokenVersion });

  /** Checks a password against a user (or a dummy hash when there is none, so timing does not tell). */
  async function passwordMatches(user: UserRecord | undefined, password: string) {
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash));
    return ok && user !== undefined;
  }

  return {
    async login(input: { username: string; password: string; ip: string }): Promise<{ token: string }> {
      const user = await authRepo.findByLogin(input.username);
      // Count failures per account (whichever of username or e-mail was typed), or per typed name.
      const key = user?.username ?? input.username;
      await limiter.check(key, input.ip);
      if (!(await passwordMatches(user, input.password))) {
        await limiter.fail(key, input.ip);
        throw new InvalidCredentialsError();
      }
      if (user!.disabled) throw new AccountDisabledError();
      await limiter.succeed(key);
      await authRepo.setLastLogin(user!.userId, clock());
      return { token: await issue(user!) };
    },

    /** The user behind a token, or UnauthenticatedError (bad token, unknown or disabled user, old version). */
    async authenticate(token: string | undefined): Promise<AuthUser> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) throw new UnauthenticatedError();
      const found = await authRepo.findForToken(claims.userId, claims.jti);
      const user = found?.user;
      if (!user || found.revoked || user.disabled || user.tokenVersion !== claims.tokenVersion)
        throw new UnauthenticatedError();
      const groups = await authRepo.groupsOf(user.userId);
      return { userId: user.userId, username: user.username, displayName: user.displayName, groups };
    },

    /** Signs the token out on the server: it stops working at once, on every instance. */
    async logout(token: string | undefined): Promise<void> {
      const claims = token ? await tokens.verify(token) : null;
      if (claims) await authRepo.revokeToken(claims.jti, claims.expiresAt, clock());
    },

    async me(userId: number): Promise<LoginUser> {
      const user = await authRepo.findById(userId);
      if (!user) throw new UnauthenticatedError();
      return toLoginUser(user, await authRepo.groupsOf(userId));
    },

    async signup(input: SignupRequest): Promise<{ userId: number }> {
      const taken = await authRepo.usernameOrEmailTaken(input.username, input.email);
      const errors = [
        ...(taken.username ? [{ path: 'username', message: 'This username is already taken' }] : []),
        ...(taken.email ? [{ path: 'email', message: 'This e-mail address is already registered' }] : []),
      ];
      if (errors.length) throw new ConflictError('An account with these details already exists', errors);
      try {
        const userId = await authRepo.insertUser({
          username: input.username,
          email: input.email,
          displayName: input.displayName,
          passwordHash: await hashPassword(input.password),
        });
        return { userId };
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        if (
          (err as { code?: string; cause?: { code?: string } }).cause?.code === '23505' ||
          (err as { code?: string }).code === '23505'
        )
          throw new ConflictError('An account with these details already exists', [
            { path: 'username', message: 'This username or e-mail is already taken' },
          ]);
        throw err;
      }
    },

    /**
     * Sends a reset link when the account exists; says nothing either way. Without a trusted
     * `origin` the mailer gets no link (a mailer that sends e-mail then sends nothing).
     */
    async forgot(input: { username: string; origin: string | null }): Promise<void> {
      const user = await authRepo.findByLogin(input.username);
      if (!user || user.disabled) return;
      const token = randomBytes(32).toString('base64url');
      await authRepo.insertReset({
        userId: user.userId,
        tokenHash: sha256(token),
        expiresAt: new Date(clock().getTime() + RESET_TTL_MS),
      });
      await mailer.sendPasswordReset({
        username: user.username,
        email: user.email,
        displayName: user.displayName,
        token,
        link: input.origin ? `${input.origin}/forgot?token=${encodeURIComponent(token)}` : null,
      });
    },

    async reset(input: { token: string; password: string }): Promise<void> {
      const ok = await authRepo.consumeReset(
        sha256(input.token),
        clock(),
        await hashPassword(input.password),
      );
      if (!ok) throw new ResetTokenInvalidError();
    },

    /** Lock screen: the signed-in user proves the password again and gets a fresh token. */
    async unlock(input: { userId: number; password: string; ip: string }): Promise<{ token: string }> {
      const user = await authRepo.findById(input.userId);
      if (!user) throw new UnauthenticatedError();
      await limiter.check(user.username, input.ip);
      if (!(await passwordMatches(user, input.password))) {
        await limiter.fail(user.username, input.ip);
        throw new InvalidCredentialsError();
      }
      if (user.disabled) throw new AccountDisabledError();
      await limiter.succeed(user.username);
      return { token: await issue(user) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
