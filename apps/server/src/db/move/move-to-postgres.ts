import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPostgresUrl } from '../client.js';
import { monthStart, partitionName, type Month } from '../partitions.js';

/** The target already holds a company: nothing is copied. */
export class TargetNotEmptyError extends Error {
  constructor(
    readonly target: string,
    readonly rows: number,
  ) {
    super(
      `The target database ${target} already holds data (${rows} users, units or vehicles). ` +
        'Moving copies a whole install and only into an empty database; nothing was copied. ' +
        'Create a new database for Pantau and move into that one.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

/** How far a move is: rows copied of the total, and what is being copied. */
export interface MoveProgress {
  done: number;
  total: number;
  /** The table (or month of positions) being copied. */
  table: string;
}

export interface MoveResult {
  tables: number;
  rows: number;
  months: number;
}

/** A table to copy, with how to read it: a table, or one month of positions. */
interface Piece {
  name: string;
  /** Where the rows go on the target (a month's rows go into `positions`). */
  into: string;
  rows: number;
  month?: Month;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Copies every table of an embedded database (PGlite, already migrated to this version) into an empty
 * PostgreSQL database: the target is migrated, checked empty (no user, unit or vehicle; else
 * `TargetNotEmptyError`), then, in one transaction on the target, every table is copied in foreign-key
 * order in batches (positions one month at a time, each month's partition created first) and the
 * sequences are set past the copied ids. A failure leaves the target as it was after its migrations.
 * Rows travel as JSON (`row_to_json` out, `json_populate_recordset` in), so every column type keeps its
 * value exactly.
 */
export async function moveToPostgres(opts: {
  source: PGlite;
  targetUrl: string;
  /** Rows per batch (default 5,000). */
  batchRows?: number;
  onProgress?: (p: MoveProgress) => void;
}): Promise<MoveResult> {
  const { source } = opts;
  const batchRows = opts.batchRows ?? 5_000;
  const target = fromPostgresUrl(opts.targetUrl);
  try {
    await target.migrate();
  } finally {
    await target.close();
  }

  const client = new pg.Client({ connectionString: opts.targetUrl });
  await client.connect();
  try {
    const present = await client.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM units) + (SELECT count(*) FROM vehicles) AS n',
    );
    const rows = Number(present.rows[0]!.n);
    if (rows > 0) throw new TargetNotEmptyError(target.description.replace(/^PostgreSQL /, ''), rows);

    const tables = await tablesInOrder(client);
    // A read-only snapshot of the source for the whole move (nothing else writes it: its lock is held).
    await source.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const pieces = await piecesOf(source, tables);
      const total = pieces.reduce((n, p) => n + p.rows, 0);
      let done = 0;
      opts.onProgress?.({ done, total, table: pieces[0]?.name ?? '' });

      await client.query('BEGIN');
      // Whatever the migrations put in the tables is in the source too (the same migrations ran there).
      await client.query(`TRUNCATE ${tables.map((t) => ident(t.name)).join(', ')}`);
      const columnsOf = new Map(tables.map((t) => [t.name, t.columns]));
      for (const piece of pieces) {
        if (piece.month !== undefined) {
          const from = monthStart(piece.month).toISOString();
          const to = monthStart(piece.month + 1).toISOString();
          await client.query(
            `CREATE TABLE IF NOT EXISTS ${ident(partitionName(piece.month))} PARTITION OF positions ` +
              `FOR VALUES FROM ('${from}') TO ('${to}')`,
          );
        }
        const columns = columnsOf.get(piece.into)!.map(ident).join(', ');
        await source.query(
          `DECLARE moving NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${ident(piece.name)} t`,
        );
        try {
          for (;;) {
            const batch = await source.query<{ r: string }>(`FETCH ${batchRows} FROM moving`);
            if (batch.rows.length === 0) break;
            await client.query(
              `INSERT INTO ${ident(piece.into)} (${columns}) OVERRIDING SYSTEM VALUE
               SELECT ${columns} FROM json_populate_recordset(NULL::${ident(piece.into)}, $1::json)`,
              [`[${batch.rows.map((b) => b.r).join(',')}]`],
            );
            done += batch.rows.length;
            opts.onProgress?.({ done, total, table: piece.name });
          }
        } finally {
          await source.query('CLOSE moving');
        }
      }
      await resetSequences(client);
      await client.query('COMMIT');
      return {
        tables: tables.length,
        rows: done,
        months: pieces.filter((p) => p.month !== undefined).length,
      };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      await source.exec('COMMIT');
    }
  } finally {
    await client.end();
  }
}

interface Table {
  name: string;
  /** Stored columns (not generated ones), in order. */
  columns: string[];
}

/** The target's tables (not partitions), parents before the tables whose foreign keys refer to them. */
async function tablesInOrder(client: pg.Client): Promise<Table[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.relname AS name,
      array_agg(a.attname::text ORDER BY a.attnum) AS columns
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    GROUP BY c.relname`);
  const { rows: edges } = await client.query<{ child: string; parent: string }>(`
    SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`);
  const byName = new Map(rows.map((r) => [r.name, r]));
  const parents = new Map<string, Set<string>>(rows.map((r) => [r.name, new Set()]));
  for (const e of edges) parents.get(e.child.replaceAll('"', ''))?.add(e.parent.replaceAll('"', ''));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < rows.length) {
    const ready = [...parents]
      .filter(([name, ps]) => !placed.has(name) && [...ps].every((p) => placed.has(p) || !byName.has(p)))
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) throw new Error('the tables’ foreign keys form a cycle; cannot order the copy');
    for (const name of ready) {
      placed.add(name);
      ordered.push(byName.get(name)!);
    }
  }
  return ordered;
}

/** What to copy from the source, with row counts: each table, and positions month by month. */
async function piecesOf(source: PGlite, tables: Table[]): Promise<Piece[]> {
  const pieces: Piece[] = [];
  for (const t of tables) {
    if (t.name === 'positions') {
      const { rows } = await source.query<{ name: string }>(`
        SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'positions'::regclass ORDER BY c.relname`);
      for (const r of rows) {
        const match = /^positions_(\d{4})_(\d{2})$/.exec(r.name);
        if (!match) continue;
        const month = Number(match[1]) * 12 + Number(match[2]) - 1;
        const count = await source.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM ${ident(r.name)}`);
        pieces.push({ name: r.name, into: 'positions', rows: Number(count.rows[0]!.n), month });
      }
      continue;
    }
    const count = await source.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM ${ident(t.name)}`);
    pieces.push({ name: t.name, into: t.name, rows: Number(count.rows[0]!.n) });
  }
  return pieces;
}

/** Every identity or serial column's sequence set past the largest id copied. */
async function resetSequences(client: pg.Client) {
  const { rows } = await client.query<{ tbl: string; col: string; seq: string }>(`
    SELECT c.relname AS tbl, a.attname AS col,
      pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL`);
  for (const r of rows)
    await client.query(
      `SELECT setval($1, coalesce((SELECT max(${ident(r.col)}) FROM ${ident(r.tbl)}), 0) + 1, false)`,
      [r.seq],
    );
}
