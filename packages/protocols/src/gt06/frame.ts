import { crc16X25 } from './crc.js';

/**
 * Splits a GT06 TCP byte stream into whole frames.
 *
 * A frame is `78 78 <len:1> … 0D 0A` (short) or `79 79 <len:2> … 0D 0A` (extended), where `len`
 * counts protocol + content + serial + CRC. Devices in the field do not always keep to that: some send
 * a length byte that does not match the frame (0 on WiFi reports, a login cut short, a vendor that
 * counts differently). As the reference server does, when the stop bytes are not where the length says
 * the frame ends at the first `0D 0A` after its header, and the decoder reads what it can of it.
 *
 * When the length points past the bytes received so far, a `0D 0A` before that point may be data of a
 * frame still arriving (a frame split across TCP segments), so the splitter waits — except for a login
 * or a piece whose CRC checks, which end there at once. A device whose length byte claims more than it
 * sends would otherwise stall (it sends nothing more until answered), so the caller calls `flush()` once
 * the peer has been quiet for a moment, and such a frame then ends at its `0D 0A`.
 *
 * Junk can contain a `7878`/`7979` that is no frame start. So before cutting at a `0D 0A`, a later
 * start that forms a complete frame of its own (length, stop bytes and CRC agreeing, or length and stop
 * bytes ending at that same `0D 0A`) wins, and the bytes before it are dropped: a real frame hidden
 * behind junk is still found.
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
  /** Frames cut at their `0D 0A` because the length field did not match. */
  lengthMismatches = 0;

  constructor(options: Gt06FrameSplitterOptions = {}) {
    this.maxFrameBytes = Math.max(16, options.maxFrameBytes ?? 4096);
  }

  /** Bytes held while waiting for the rest of a frame. */
  get bufferedBytes(): number {
    return this.buffer.length;
  }

  /** Feeds one chunk of the stream; returns the frames it completed, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    return this.split(concat(this.buffer, chunk), false);
  }

  /**
   * The peer went quiet: a held frame whose length points past what was sent ends at its `0D 0A`.
   * Returns the frames that completes (none when nothing held has a terminator).
   */
  flush(): Uint8Array[] {
    return this.buffer.length === 0 ? [] : this.split(this.buffer, true);
  }

  private split(data: Uint8Array, quiet: boolean): Uint8Array[] {
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
      const headerBytes = data[pos] === 0x79 ? 4 : 3;
      if (data.length - pos < headerBytes) break;
      const total = exactLength(data, pos, this.maxFrameBytes);
      if (total > 0 && pos + total <= data.length && isStop(data, pos + total - 2)) {
        frames.push(copy(data, pos, pos + total));
        pos += total;
        continue;
      }
      // The length field and the stop bytes disagree, or the rest has not arrived yet.
      const stop = findStop(data, pos + headerBytes + 1);
      const cutEnd = stop < 0 ? -1 : stop + 2;
      const next = laterFrame(data, pos + 1, cutEnd, this.maxFrameBytes);
      if (next >= 0) {
        this.droppedBytes += next - pos;
        pos = next;
        continue;
      }
      if (cutEnd > 0 && cutEnd - pos <= this.maxFrameBytes) {
        const arriving = total > 0 && pos + total > data.length;
        if (arriving && !quiet && !endsHere(data, pos, cutEnd)) break;
        this.lengthMismatches++;
        frames.push(copy(data, pos, cutEnd));
        pos = cutEnd;
        continue;
      }
      if (cutEnd < 0 && data.length - pos < this.maxFrameBytes) break;
      this.droppedBytes += 1;
      pos += 1;
    }
    this.buffer = copy(data, pos, data.length);
    return frames;
  }
}

/** The frame length its length field gives (start and stop bytes included), or 0 when impossible. */
function exactLength(data: Uint8Array, pos: number, maxFrameBytes: number): number {
  const extended = data[pos] === 0x79;
  const headerBytes = extended ? 4 : 3;
  if (data.length - pos < headerBytes) return 0;
  const lengthField = extended ? (data[pos + 2]! << 8) | data[pos + 3]! : data[pos + 2]!;
  const total = headerBytes + lengthField + 2;
  return lengthField < MIN_LENGTH_FIELD || total > maxFrameBytes ? 0 : total;
}

/**
 * Whether a piece ends at this `0D 0A` although its length says more is coming: a login (at most 24
 * bytes, its IMEI in BCD; the device sends nothing more until answered) or a piece whose CRC checks.
 */
function endsHere(data: Uint8Array, pos: number, cutEnd: number): boolean {
  const headerBytes = data[pos] === 0x79 ? 4 : 3;
  if (data[pos + headerBytes] === 0x01 && cutEnd - pos <= 24) {
    let bcd = true;
    for (let i = pos + headerBytes + 1; i < Math.min(cutEnd - 2, pos + headerBytes + 9); i++)
      if ((data[i]! & 0x0f) > 9 || data[i]! >> 4 > 9) bcd = false;
    if (bcd) return true;
  }
  if (cutEnd - pos < headerBytes + 7) return false;
  const crc = (data[cutEnd - 4]! << 8) | data[cutEnd - 3]!;
  return crc16X25(data, pos + 2, cutEnd - 4) === crc;
}

/**
 * Start of the first frame after `from` that is complete on its own: its stop bytes are where its
 * length says and its CRC checks, or it ends exactly at `cutEnd` (the terminator a cut would use).
 * Only starts before `cutEnd` count (a frame after the cut point is the next frame). -1 if none.
 */
function laterFrame(data: Uint8Array, from: number, cutEnd: number, maxFrameBytes: number): number {
  const limit = cutEnd < 0 ? data.length : cutEnd;
  for (let q = findStart(data, from); q >= 0 && q < limit; q = findStart(data, q + 1)) {
    const total = exactLength(data, q, maxFrameBytes);
    if (total === 0 || q + total > data.length || !isStop(data, q + total - 2)) continue;
    if (q + total === cutEnd) return q;
    const crc = (data[q + total - 4]! << 8) | data[q + total - 3]!;
    if (crc16X25(data, q + 2, q + total - 4) === crc) return q;
  }
  return -1;
}

const isStop = (data: Uint8Array, i: number) => data[i] === 0x0d && data[i + 1] === 0x0a;

/** Index of the first `0D 0A` at or after `from`, or -1. */
function findStop(data: Uint8Array, from: number): number {
  for (let i = from; i + 1 < data.length; i++) if (data[i] === 0x0d && data[i + 1] === 0x0a) return i;
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
