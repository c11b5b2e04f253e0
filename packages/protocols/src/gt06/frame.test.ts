import { describe, expect, it } from 'vitest';
import { fromHex, loadGt06Fixtures, toHexUpper } from '../test-support/gt06-fixtures.js';
import { Gt06FrameSplitter } from './frame.js';

const frames = loadGt06Fixtures().map((r) => fromHex(r.hex));
const hexes = frames.map((f) => toHexUpper(f));
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const stream = concat(...frames);

function feed(splitter: Gt06FrameSplitter, chunks: Uint8Array[]): string[] {
  return chunks.flatMap((chunk) => splitter.push(chunk)).map((f) => toHexUpper(f));
}

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('Gt06FrameSplitter', () => {
  it('yields every frame when the whole stream comes in one chunk', () => {
    const splitter = new Gt06FrameSplitter();
    expect(feed(splitter, [stream])).toEqual(hexes);
    expect(splitter.bufferedBytes).toBe(0);
    expect(splitter.droppedBytes).toBe(0);
  });

  it.each([1, 2, 3, 7, 64])('yields every frame when the stream comes in chunks of %i bytes', (size) => {
    expect(feed(new Gt06FrameSplitter(), chunked(stream, size))).toEqual(hexes);
  });

  it('holds a partial frame until the rest arrives', () => {
    const splitter = new Gt06FrameSplitter();
    const frame = frames[3]!;
    expect(splitter.push(frame.subarray(0, 10))).toEqual([]);
    expect(splitter.bufferedBytes).toBe(10);
    expect(feed(splitter, [frame.subarray(10)])).toEqual([hexes[3]]);
  });

  it('handles a 7979 extended frame between short ones', () => {
    const long = fromHex('79790008940B02E3048614200D0A');
    expect(feed(new Gt06FrameSplitter(), [concat(frames[0]!, long, frames[1]!)])).toEqual([
      hexes[0],
      '79790008940B02E3048614200D0A',
      hexes[1],
    ]);
  });

  it('resynchronises after garbage before, between and inside a false start', () => {
    const junk = fromHex('00FF0D0A7878FF0178787800');
    const splitter = new Gt06FrameSplitter();
    const out = feed(splitter, [concat(junk, frames[0]!, junk, frames[1]!, junk), frames[2]!]);
    expect(out).toEqual([hexes[0], hexes[1], hexes[2]]);
    expect(splitter.droppedBytes).toBe(3 * junk.length);
  });

  it('skips a frame start whose stop bytes are not where its length says', () => {
    const broken = fromHex('78780501000100000000'); // 7878 05 … but 00 00 where 0D 0A should be
    expect(feed(new Gt06FrameSplitter(), [concat(broken, frames[0]!)])).toEqual([hexes[0]]);
  });

  it('drops a frame longer than maxFrameBytes and finds the next one', () => {
    const big = concat(fromHex('797901F4'), new Uint8Array(500), fromHex('0D0A'));
    const splitter = new Gt06FrameSplitter({ maxFrameBytes: 256 });
    expect(feed(splitter, [concat(big, frames[0]!)])).toEqual([hexes[0]]);
  });

  it('keeps memory bounded when a peer sends junk for ever', () => {
    const splitter = new Gt06FrameSplitter({ maxFrameBytes: 512 });
    let maxBuffered = 0;
    for (let i = 0; i < 2000; i++) {
      // Junk full of fake starts that promise long frames.
      splitter.push(fromHex('7979FFFF78787801AA'.repeat(8)));
      maxBuffered = Math.max(maxBuffered, splitter.bufferedBytes);
    }
    expect(maxBuffered).toBeLessThanOrEqual(512);
    expect(feed(splitter, [frames[0]!])).toEqual([hexes[0]]);
  });

  it('does not hold a complete frame back behind a false start that promises a long frame', () => {
    // 78 78 C8: a "frame" of 205 bytes that will never come; the device waits for its login ack.
    const splitter = new Gt06FrameSplitter();
    expect(feed(splitter, [concat(fromHex('7878C8'), frames[0]!)])).toEqual([hexes[0]]);
    expect(splitter.droppedBytes).toBe(3);
  });

  it('keeps a trailing 0x78 that may start the next frame', () => {
    const splitter = new Gt06FrameSplitter();
    const frame = frames[0]!;
    expect(splitter.push(concat(fromHex('0000'), frame.subarray(0, 1)))).toEqual([]);
    expect(splitter.bufferedBytes).toBe(1);
    expect(feed(splitter, [frame.subarray(1)])).toEqual([hexes[0]]);
  });

  it('accepts Node Buffers and returns copies, not views into the caller chunk', () => {
    const chunk = Buffer.from(stream);
    const out = new Gt06FrameSplitter().push(chunk);
    chunk.fill(0);
    expect(out.map((f) => toHexUpper(f))).toEqual(hexes);
  });

  // Frames from Traccar's Gt06ProtocolDecoderTest.java (captures of real devices).
  it('ends a login cut short at its 0D 0A at once: the device sends nothing more until answered', () => {
    const login = '78780D010359339075005244340D0A'; // length byte 0x0D, 15 bytes sent
    const splitter = new Gt06FrameSplitter();
    expect(feed(splitter, [fromHex(login)])).toEqual([login]);
    expect(splitter.bufferedBytes).toBe(0);
    // …and when more follows in the same chunk, that is framed too.
    expect(feed(new Gt06FrameSplitter(), [concat(fromHex(login), frames[3]!)])).toEqual([login, hexes[3]]);
  });

  it('ends a frame at its 0D 0A when the stop bytes are not where its length says', () => {
    const wifi = '787800691710231108500200CC080C4E2FA5640C4E2FA66E0D0A'; // length byte 0
    const tooShort = '78781F220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A';
    expect(feed(new Gt06FrameSplitter(), [concat(fromHex(wifi), fromHex(tooShort), frames[0]!)])).toEqual([
      wifi,
      tooShort,
      hexes[0],
    ]);
  });

  it('waits for a frame still arriving whose data holds 0D 0A, and cuts a short one once the peer is quiet', () => {
    const serial = fromHex('7979000E9B0332382E33A1E60D0A0289BE490D0A'); // 0D 0A inside the data
    const splitter = new Gt06FrameSplitter();
    expect(splitter.push(serial.subarray(0, 15))).toEqual([]);
    expect(feed(splitter, [serial.subarray(15)])).toEqual([toHexUpper(serial)]);
    // A length byte that claims more than was sent (0x41, 64 bytes): held until the peer is quiet.
    const lbs =
      '7878412C11030B011C1F013604CB8A00B17754CB8A00B73F5FCB8900B0E25FCB8900B6655FCB8A00B74960CB8A00B178620701001801EB40393800BBBDE10D0A';
    expect(splitter.push(fromHex(lbs))).toEqual([]);
    expect(splitter.flush().map((f) => toHexUpper(f))).toEqual([lbs]);
    expect(splitter.bufferedBytes).toBe(0);
    expect(splitter.flush()).toEqual([]);
  });
});
