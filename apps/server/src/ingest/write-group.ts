import type { Db } from '../db/client.js';
import { rawOf } from './position-store.js';

/**
 * Writes sent together: each statement added becomes a CTE of one `WITH … SELECT`, so a batch's new
 * positions, events, visits, trips, stops and days cost one round trip instead of one each (every round
 * trip is a wake-up of PostgreSQL and of the server on the same cores, and the batch's trackers wait
 * for the sum). PostgreSQL runs each data-modifying CTE once and to completion, all on one snapshot:
 * the statements of a group must not read what another of them writes.
 */
export class WriteGroup {
  private parts: string[] = [];
  private params: unknown[] = [];
  private main = 'SELECT 1';

  /** Adds a parameter; answers its placeholder. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** Adds `statement` (its parameters taken with `param`) as the CTE `name`, unique in the group. */
  add(name: string, statement: string): void {
    this.parts.push(`${name} AS (${statement})`);
  }

  /** What the statement answers (a `SELECT` from the CTEs); by default nothing of interest. */
  select(main: string): void {
    this.main = main;
  }

  /** Sends what was added, if anything, and starts empty again; answers the `select`'s rows. */
  async run(tx: Db): Promise<Record<string, unknown>[]> {
    if (this.parts.length === 0) return [];
    const text = `WITH ${this.parts.join(',\n')}\n${this.main}`;
    const params = this.params;
    this.parts = [];
    this.params = [];
    this.main = 'SELECT 1';
    return (await rawOf(tx).query(text, params)).rows;
  }
}
