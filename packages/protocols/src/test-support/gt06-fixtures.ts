import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One row of gt06-frames.tsv beside this file: real GT06 frames captured from devices, as published in the
 * test suite of the open-source Traccar server, with the values of their GPS block and the acknowledgement
 * each calls for.
 */
export interface Gt06FixtureRow {
  name: string;
  hex: string;
  protocol: number;
  serial: number;
  crcOk: boolean;
  expectedAck: string;
  fixTimeUtc: string;
  valid: string;
  lat: string;
  lon: string;
  speedKmh: string;
  course: string;
  satellites: string;
  asserted: string;
}

export const gt06FixturePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gt06-frames.tsv');

export function loadGt06Fixtures(): Gt06FixtureRow[] {
  const [header, ...lines] = readFileSync(gt06FixturePath, 'utf8').trimEnd().split('\n');
  if (!header?.startsWith('name\thex\tprotocol')) throw new Error(`unexpected header in ${gt06FixturePath}`);
  return lines.map((line) => {
    const c = line.split('\t');
    const at = (i: number) => c[i] ?? '';
    return {
      name: at(0),
      hex: at(1),
      protocol: Number.parseInt(at(2), 16),
      serial: Number(at(3)),
      crcOk: at(4) === 'true',
      expectedAck: at(5),
      fixTimeUtc: at(6),
      valid: at(7),
      lat: at(8),
      lon: at(9),
      speedKmh: at(10),
      course: at(11),
      satellites: at(12),
      asserted: at(13),
    };
  });
}

export const fromHex = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));
export const toHexUpper = (bytes: Uint8Array | null): string =>
  bytes ? Buffer.from(bytes).toString('hex').toUpperCase() : '';
