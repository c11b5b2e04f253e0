import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonColumns } from './columns.js';
import type { ExportDefinition } from './export-definition.js';
import { csvField, writeExport } from './export-writer.js';

interface Row {
  nomorPolisi: string;
  km: number;
  top: number;
}
const rows: Row[] = [
  { nomorPolisi: 'B 1 A', km: 1.1, top: 10445.74 },
  { nomorPolisi: 'B 2 A', km: 4.7, top: 0.1 },
  { nomorPolisi: 'B 3 A', km: 0.2, top: 0.2 },
];
const def: ExportDefinition<unknown, Row> = {
  report: 'overroute',
  fileName: 'test',
  title: { en: 'Test', id: 'Uji' },
  query: z.unknown(),
  rows: async (_unit, _q, page) => rows.slice(page.skip, page.skip + page.take),
  columns: [
    commonColumns.plate<Row>(),
    commonColumns.number<Row>('Off route (km)', 'Di luar rute (km)', (r) => r.km, 'sum'),
    commonColumns.number<Row>('Distance', 'Jarak', (r) => r.top, 'sum'),
  ],
};

describe('an export’s totals row', () => {
  it('sums without floating-point noise, to the decimals of its values', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeExport(out, def, 1, {}, 'csv', { language: 'en', timeZone: 'Asia/Jakarta' });
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\r\n');
    // 1.1 + 4.7 + 0.2 is 6.000000000000001 in floating point; 10445.74 + 0.1 + 0.2 is 10446.040000000001.
    expect(lines.at(-1)).toBe('Total (3),6,10446.04');
  });
});

describe('csvField', () => {
  it('defuses what a spreadsheet would run as a formula, and leaves coordinates and numbers alone', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('-1+cmd')).toBe("'-1+cmd");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-6.336000, 107.274000')).toBe('"-6.336000, 107.274000"');
    expect(csvField('-6.5')).toBe('-6.5');
    expect(csvField(-6.5)).toBe('-6.5');
    expect(csvField('Tol Jakarta–Cikampek KM ~47')).toBe('Tol Jakarta–Cikampek KM ~47');
  });
});
