import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** A verified token: its claims plus its id and expiry (for signing it out). */
export interface VerifiedToken extends TokenClaims {
  jti: string;
  expiresAt: Date;
}

/**
 * HS256 access tokens: sub = user id, `tv` = the user's token version, `jti` a random id (what a
 * sign-out revokes), 12 h expiry. A token without `exp` or `jti` is refused.
 */
export function createTokenService(deps: { secret: string; clock: () => Date }) {
  const key = new TextEncoder().encode(deps.secret);
  return {
    async sign(claims: TokenClaims): Promise<string> {
      const now = Math.floor(deps.clock().getTime() / 1000);
      return new SignJWT({ tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
    async verify(token: string): Promise<VerifiedToken | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: deps.clock(),
          requiredClaims: ['sub', 'exp', 'jti'],
        });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isInteger(userId) || typeof tokenVersion !== 'number') return null;
        if (typeof payload.jti !== 'string' || !payload.jti || typeof payload.exp !== 'number') return null;
        return { userId, tokenVersion, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
