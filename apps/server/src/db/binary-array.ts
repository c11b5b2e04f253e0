/**
 * One-dimensional arrays in PostgreSQL's binary format (what `array_recv` reads), for the column
 * parameters of the pipeline's multi-row inserts. A Buffer parameter goes to the server as binary
 * (node-postgres and PGlite alike), so the numbers and times are written as bytes rather than turned into
 * text here and parsed back there: no strings to build and collect in the server, no `float8in` or
 * `timestamptz_in` per element in the database.
 *
 * Layout: ndim, has-nulls flag, element type oid, then length and lower bound of the one dimension
 * (all int32), then per element an int32 byte length (-1 for NULL) and the value, big-endian.
 */

const ELEMENTS = {
  int2: { oid: 21, size: 2 },
  int4: { oid: 23, size: 4 },
  float4: { oid: 700, size: 4 },
  float8: { oid: 701, size: 8 },
  bool: { oid: 16, size: 1 },
  /** Microseconds since 2000-01-01 UTC, as an int64. */
  timestamptz: { oid: 1184, size: 8 },
} as const;

export type ElementType = keyof typeof ELEMENTS;

const HEADER = 20;
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;

/**
 * An array of `count` elements of one type, appended in order; `bytes()` answers the parameter.
 * Each append takes the value or null/undefined for NULL.
 */
export class BinaryArray {
  private readonly view: DataView;
  private offset = HEADER;
  private hasNulls = false;
  private appended = 0;
  private readonly size: number;

  constructor(
    private readonly type: ElementType,
    private readonly count: number,
  ) {
    const { oid, size } = ELEMENTS[type];
    this.size = size;
    this.view = new DataView(new ArrayBuffer(HEADER + count * (4 + size)));
    this.view.setInt32(0, 1);
    this.view.setInt32(8, oid);
    this.view.setInt32(12, count);
    this.view.setInt32(16, 1);
  }

  /** Starts an element: false (after writing NULL) when there is no value. */
  private start(v: unknown): boolean {
    this.appended += 1;
    if (v === null || v === undefined) {
      this.view.setInt32(this.offset, -1);
      this.offset += 4;
      this.hasNulls = true;
      return false;
    }
    this.view.setInt32(this.offset, this.size);
    this.offset += 4;
    return true;
  }

  int2(v: number | null | undefined): void {
    if (!this.start(v)) return;
    this.view.setInt16(this.offset, v!);
    this.offset += 2;
  }

  int4(v: number | null | undefined): void {
    if (!this.start(v)) return;
    this.view.setInt32(this.offset, v!);
    this.offset += 4;
  }

  float4(v: number | null | undefined): void {
    if (!this.start(v)) return;
    this.view.setFloat32(this.offset, v!);
    this.offset += 4;
  }

  float8(v: number | null | undefined): void {
    if (!this.start(v)) return;
    this.view.setFloat64(this.offset, v!);
    this.offset += 8;
  }

  bool(v: boolean | null | undefined): void {
    if (!this.start(v)) return;
    this.view.setUint8(this.offset, v ? 1 : 0);
    this.offset += 1;
  }

  /** A time given in milliseconds since 1970 (`Date.getTime()`). */
  timestamptz(ms: number | null | undefined): void {
    if (!this.start(ms)) return;
    const us = (ms! - POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(us / TWO_32);
    this.view.setInt32(this.offset, high);
    this.view.setUint32(this.offset + 4, us - high * TWO_32);
    this.offset += 8;
  }

  /** Appends by the array's type: a time as `Date.getTime()`; a boolean array takes booleans (or 0/1). */
  push(v: number | boolean | null | undefined): void {
    if (this.type === 'bool') return this.bool(v === null || v === undefined ? v : Boolean(v));
    const n = typeof v === 'boolean' ? Number(v) : v;
    switch (this.type) {
      case 'int2':
        return this.int2(n);
      case 'int4':
        return this.int4(n);
      case 'float4':
        return this.float4(n);
      case 'float8':
        return this.float8(n);
      case 'timestamptz':
        return this.timestamptz(n);
    }
  }

  /** The parameter: the bytes written (every one of the `count` elements must have been appended). */
  bytes(): Buffer {
    if (this.appended !== this.count)
      throw new Error(`binary array of ${this.count} elements given ${this.appended}`);
    this.view.setInt32(4, this.hasNulls ? 1 : 0);
    return Buffer.from(this.view.buffer, 0, this.offset);
  }
}
