import { describe, expect, it } from 'vitest';
import { fromHex, loadGt06Fixtures } from '../test-support/gt06-fixtures.js';
import { crc16X25 } from './crc.js';

describe('crc16X25', () => {
  it('gives the CRC-16/X-25 check value for "123456789"', () => {
    expect(crc16X25(new TextEncoder().encode('123456789'))).toBe(0x906e);
  });

  it('is 0 for no bytes after the final xor of the 0xFFFF init', () => {
    expect(crc16X25(new Uint8Array(0))).toBe(0x0000);
  });

  // Over length … serial (from byte 2 up to the CRC), as the fixture's crc_ok column was computed.
  it.each(loadGt06Fixtures())('matches the stored CRC of $name exactly when crc_ok is $crcOk', (row) => {
    const bytes = fromHex(row.hex);
    const stored = (bytes[bytes.length - 4]! << 8) | bytes[bytes.length - 3]!;
    expect(crc16X25(bytes, 2, bytes.length - 4) === stored).toBe(row.crcOk);
  });
});
