import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

/** HS256 access tokens: sub = user id, `tv` = the user's token version, 12 h expiry. */
export function createTokenService(deps: { secret: string; clock: () => Date }) {
  const key = new TextEncoder().encode(deps.secret);
  return {
    async sign(claims: TokenClaims): Promise<string> {
      const now = Math.floor(deps.clock().getTime() / 1000);
      return new SignJWT({ tv: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: deps.clock() });
        const userId = Number(payload.sub);
        const tokenVersion = payload.tv;
        if (!Number.isInteger(userId) || typeof tokenVersion !== 'number') return null;
        return { userId, tokenVersion };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
