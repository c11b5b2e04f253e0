import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, loadGt06Fixtures } from '../test-support/gt06-fixtures.js';
import { gt06AckFor } from './ack.js';
import { crc16X25 } from './crc.js';
import { decodeGt06Frame } from './decoder.js';
import { Gt06FrameSplitter } from './frame.js';
import { toPositions } from './positions.js';

/** A well-framed short frame (right length, CRC and stop bytes) around random content. */
const framedContent = fc
  .record({
    protocol: fc.oneof(
      fc.constantFrom(
        ...[0x01, 0x10, 0x11, 0x12, 0x13, 0x15, 0x16, 0x17, 0x19, 0x1a, 0x1e, 0x22, 0x23, 0x24, 0x26, 0x27],
        ...[0x28, 0x2a, 0x2c, 0x2d, 0x31, 0x32, 0x33, 0x34, 0x36, 0x37, 0x69, 0x70, 0x8a, 0x95, 0x9b],
        ...[0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5],
      ),
      fc.nat(255),
    ),
    content: fc.uint8Array({ maxLength: 120 }),
    serial: fc.nat(0xffff),
  })
  .map(({ protocol, content, serial }) => {
    const body = Uint8Array.from([content.length + 5, protocol, ...content, serial >> 8, serial & 0xff]);
    const crc = crc16X25(body);
    return Uint8Array.from([0x78, 0x78, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]);
  });

function decodeAll(bytes: Uint8Array) {
  const result = decodeGt06Frame(bytes);
  if (result.kind !== 'malformed') {
    gt06AckFor(result);
    for (const p of toPositions(result, '123456789012345')) {
      expect(Number.isFinite(p.lat) && Math.abs(p.lat) <= 90).toBe(true);
      expect(Number.isFinite(p.lon) && Math.abs(p.lon) <= 180).toBe(true);
      expect(Number.isNaN(p.fixTime.getTime())).toBe(false);
    }
  }
  return result;
}

describe('GT06 decoding never throws', () => {
  it('on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => void decodeAll(bytes)),
      { numRuns: 2000 },
    );
  });

  it('on well-framed frames with random content', () => {
    fc.assert(
      fc.property(framedContent, (bytes) => void decodeAll(bytes)),
      { numRuns: 5000 },
    );
  });

  it('on captured frames with random bytes flipped', () => {
    const frames = loadGt06Fixtures().map((r) => fromHex(r.hex));
    const mutation = fc.record({
      frame: fc.constantFrom(...frames),
      at: fc.nat(),
      value: fc.nat(255),
    });
    fc.assert(
      fc.property(mutation, ({ frame, at, value }) => {
        const bytes = frame.slice();
        bytes[at % bytes.length] = value;
        decodeAll(bytes);
      }),
      { numRuns: 3000 },
    );
  });
});

/** The same, as an extended (`7979`) frame. */
const extendedFrame = fc
  .record({
    protocol: fc.oneof(fc.constantFrom(0x21, 0x32, 0x33, 0x70, 0x94, 0x9b), fc.nat(255)),
    content: fc.uint8Array({ maxLength: 200 }),
    serial: fc.nat(0xffff),
  })
  .map(({ protocol, content, serial }) => {
    const length = content.length + 5;
    const body = Uint8Array.from([
      length >> 8,
      length & 0xff,
      protocol,
      ...content,
      serial >> 8,
      serial & 0xff,
    ]);
    const crc = crc16X25(body);
    return Uint8Array.from([0x79, 0x79, ...body, crc >> 8, crc & 0xff, 0x0d, 0x0a]);
  });

/** A frame with a random length byte: what devices with a miscounting firmware send. */
const wrongLength = fc
  .tuple(framedContent, fc.nat(255))
  .map(([frame, length]) => Uint8Array.from([0x78, 0x78, length, ...frame.subarray(3)]));

describe('GT06 decoding never throws, on the variants', () => {
  it('on extended frames with random content', () => {
    fc.assert(
      fc.property(extendedFrame, (bytes) => void decodeAll(bytes)),
      { numRuns: 3000 },
    );
  });

  it('on frames whose length byte is wrong, through the splitter', () => {
    fc.assert(
      fc.property(fc.array(wrongLength, { maxLength: 6 }), (frames) => {
        const splitter = new Gt06FrameSplitter();
        const stream = Uint8Array.from(frames.flatMap((f) => [...f]));
        for (const frame of [...splitter.push(stream), ...splitter.flush()]) decodeAll(frame);
        expect(splitter.bufferedBytes).toBeLessThanOrEqual(splitter.maxFrameBytes);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Gt06FrameSplitter, property', () => {
  it('returns exactly the frames it was fed, however the stream is cut', () => {
    const input = fc.record({
      frames: fc.array(framedContent, { minLength: 1, maxLength: 8 }),
      cuts: fc.array(fc.nat(), { maxLength: 10 }),
    });
    fc.assert(
      fc.property(input, ({ frames, cuts }) => {
        const stream = Uint8Array.from(frames.flatMap((f) => [...f]));
        const points = [...new Set(cuts.map((c) => c % stream.length))].sort((a, b) => a - b);
        const splitter = new Gt06FrameSplitter();
        const out: Uint8Array[] = [];
        let prev = 0;
        for (const p of [...points, stream.length]) {
          out.push(...splitter.push(stream.subarray(prev, p)));
          prev = p;
        }
        expect(out).toEqual(frames);
        expect(splitter.bufferedBytes).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('never buffers more than maxFrameBytes, whatever it is fed', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 400 }), { maxLength: 20 }), (chunks) => {
        const splitter = new Gt06FrameSplitter({ maxFrameBytes: 256 });
        for (const chunk of chunks) {
          for (const frame of splitter.push(chunk)) expect(frame.length).toBeLessThanOrEqual(256);
          expect(splitter.bufferedBytes).toBeLessThanOrEqual(256);
          for (const frame of splitter.flush()) expect(frame.length).toBeLessThanOrEqual(256);
        }
      }),
      { numRuns: 500 },
    );
  });
});
