/** Thrown inside the decoder for content it cannot read; turned into a `malformed` result. */
export class MalformedContent extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Big-endian reader over a frame's content with bounds checks on every read. */
export class ContentReader {
  private pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.pos;
  }

  u8(field: string): number {
    this.need(1, field);
    return this.bytes[this.pos++]!;
  }

  u16(field: string): number {
    return this.uint(2, field);
  }

  /** Unsigned integer of 1–8 bytes (exact up to 2^53, which covers every real cell id). */
  uint(size: number, field: string): number {
    this.need(size, field);
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + this.bytes[this.pos++]!;
    return value;
  }

  take(size: number, field: string): Uint8Array {
    this.need(size, field);
    const out = this.bytes.subarray(this.pos, this.pos + size);
    this.pos += size;
    return out;
  }

  skip(size: number): void {
    this.pos = Math.min(this.bytes.length, this.pos + Math.max(0, size));
  }

  /** Whether the bytes from `from` to `to` (relative to the read position, clipped) are all zero. */
  zeroes(from: number, to: number): boolean {
    const end = Math.min(this.bytes.length, this.pos + to);
    for (let i = this.pos + from; i < end; i++) if (this.bytes[i] !== 0) return false;
    return true;
  }

  /** Signed 16-bit integer. */
  i16(field: string): number {
    const v = this.uint(2, field);
    return v >= 0x8000 ? v - 0x10000 : v;
  }

  rest(): Uint8Array {
    return this.take(this.remaining, 'rest');
  }

  private need(size: number, field: string): void {
    if (this.pos + size > this.bytes.length) throw new MalformedContent(`content ends before ${field}`);
  }
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
