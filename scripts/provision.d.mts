// Types of provision.mjs for the TypeScript tests that start their own PostgreSQL.
export interface ThrowawayPostgres {
  url: string;
  /** `pg_ctl restart -m <mode>`; resolves once the server accepts connections again. */
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl stop -m <mode>`. */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again. */
  start(): Promise<void>;
  stop(): void;
}
export function startThrowawayPostgres(options?: { durable?: boolean }): ThrowawayPostgres;
export function findChromium(): string;
export function localChromium(): string;
