/**
 * CRC-16/X-25 (the "CRC-ITU" of Concox documents): poly 0x1021 reflected (0x8408), init 0xFFFF,
 * reflected in and out, final xor 0xFFFF. Check value of "123456789" is 0x906E.
 */
const table: Uint16Array = (() => {
  const t = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    t[n] = c;
  }
  return t;
})();

export function crc16X25(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ table[(crc ^ bytes[i]!) & 0xff]!;
  }
  return (crc ^ 0xffff) & 0xffff;
}
