import { crc16X25 } from './crc.js';

/**
 * Splits a GT06 TCP byte stream into whole frames.
 *
 * A frame is `78 78 <len:1> … 0D 0A` (short) or `79 79 <len:2> … 0D 0A` (extended), where `len`
 * counts protocol + content + serial + CRC. A candidate start whose length is impossible, or whose
 * stop bytes are not where the length says, is treated as garbage: the splitter drops one byte and
 * searches for the next `7878`/`7979`, so a real frame hidden behind junk is still found.
 *
 * A false start can also claim a length longer than the bytes that follow, and the device will send
 * nothing more until its frame is acked. So while waiting, a later start that already forms a
 * complete frame with matching stop bytes and CRC wins, and the bytes before it are dropped.
 *
 * Memory is bounded: nothing longer than `maxFrameBytes` is ever waited for, and bytes that cannot
 * start a frame are dropped at once, so a peer sending junk forever keeps at most `maxFrameBytes`
 * buffered.
 */
export interface Gt06FrameSplitterOptions {
  /** Longest frame accepted, start and stop bytes included. Default 4096. */
  maxFrameBytes?: number;
}

/** protocol (1) + serial (2) + CRC (2): the smallest legal length field. */
const MIN_LENGTH_FIELD = 5;

export class Gt06FrameSplitter {
  readonly maxFrameBytes: number;
  private buffer: Uint8Array = new Uint8Array(0);
  /** Bytes thrown away while resynchronising, for the caller's metrics. */
  droppedBytes = 0;

  constructor(options: Gt06FrameSplitterOptions = {}) {
    this.maxFrameBytes = Math.max(16, options.maxFrameBytes ?? 4096);
  }

  /** Bytes held while waiting for the rest of a frame. */
  get bufferedBytes(): number {
    return this.buffer.length;
  }

  /** Feeds one chunk of the stream; returns the frames it completed, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const data = concat(this.buffer, chunk);
    const frames: Uint8Array[] = [];
    let pos = 0;
    while (pos < data.length) {
      const start = findStart(data, pos);
      if (start < 0) {
        // Keep a trailing 0x78/0x79: it may be the first half of a start marker.
        const last = data[data.length - 1];
        const keep = last === 0x78 || last === 0x79 ? 1 : 0;
        this.droppedBytes += data.length - keep - pos;
        pos = data.length - keep;
        break;
      }
      this.droppedBytes += start - pos;
      pos = start;
      const extended = data[pos] === 0x79;
      const headerBytes = extended ? 4 : 3;
      if (data.length - pos < headerBytes) break;
      const lengthField = extended ? (data[pos + 2]! << 8) | data[pos + 3]! : data[pos + 2]!;
      const total = headerBytes + lengthField + 2;
      if (lengthField < MIN_LENGTH_FIELD || total > this.maxFrameBytes) {
        this.droppedBytes += 1;
        pos += 1;
        continue;
      }
      if (data.length - pos < total) {
        const next = completeFrameAfter(data, pos + 1, this.maxFrameBytes);
        if (next < 0) break;
        this.droppedBytes += next - pos;
        pos = next;
        continue;
      }
      if (data[pos + total - 2] !== 0x0d || data[pos + total - 1] !== 0x0a) {
        this.droppedBytes += 1;
        pos += 1;
        continue;
      }
      frames.push(copy(data, pos, pos + total));
      pos += total;
    }
    this.buffer = copy(data, pos, data.length);
    return frames;
  }
}

/** Start of the first complete, CRC-checked frame at or after `from`, or -1. */
function completeFrameAfter(data: Uint8Array, from: number, maxFrameBytes: number): number {
  for (let q = findStart(data, from); q >= 0; q = findStart(data, q + 1)) {
    const extended = data[q] === 0x79;
    const headerBytes = extended ? 4 : 3;
    if (data.length - q < headerBytes) return -1;
    const lengthField = extended ? (data[q + 2]! << 8) | data[q + 3]! : data[q + 2]!;
    const total = headerBytes + lengthField + 2;
    if (lengthField < MIN_LENGTH_FIELD || total > maxFrameBytes || q + total > data.length) continue;
    if (data[q + total - 2] !== 0x0d || data[q + total - 1] !== 0x0a) continue;
    const crc = (data[q + total - 4]! << 8) | data[q + total - 3]!;
    if (crc16X25(data, q + 2, q + total - 4) === crc) return q;
  }
  return -1;
}

function findStart(data: Uint8Array, from: number): number {
  for (let i = from; i + 1 < data.length; i++) {
    const b = data[i];
    if ((b === 0x78 || b === 0x79) && data[i + 1] === b) return i;
  }
  return -1;
}

/** A copy as a plain Uint8Array: `Buffer#slice` would return a view into the caller's chunk. */
const copy = (data: Uint8Array, start: number, end: number) => new Uint8Array(data.subarray(start, end));

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
