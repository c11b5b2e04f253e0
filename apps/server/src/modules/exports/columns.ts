import type { PlaceRef } from '@pantau/contracts';
import { placeWords } from '../../places/place-names.js';
import type { CellContext, ExportColumn } from './export-definition.js';

/** Columns most reports share, so each is worded and typed once in both languages. */
export const commonColumns = {
  hull: <Row extends { nomorKendaraan: string }>(): ExportColumn<Row> => ({
    header: { en: 'Hull number', id: 'Nomor lambung' },
    type: 'text',
    value: (r) => r.nomorKendaraan,
    width: 14,
  }),
  plate: <Row extends { nomorPolisi: string }>(): ExportColumn<Row> => ({
    header: { en: 'Plate', id: 'Nomor polisi' },
    type: 'text',
    value: (r) => r.nomorPolisi,
    width: 14,
  }),
  instant: <Row>(en: string, id: string, of: (r: Row) => string | null): ExportColumn<Row> => ({
    header: { en, id },
    type: 'instant',
    value: of,
    width: 20,
  }),
  seconds: <Row>(
    en: string,
    id: string,
    of: (r: Row) => number,
    total: 'sum' | 'max' = 'sum',
  ): ExportColumn<Row> => ({
    header: { en, id },
    type: 'seconds',
    value: of,
    width: 12,
    total,
  }),
  number: <Row>(
    en: string,
    id: string,
    of: (r: Row) => number | null,
    total?: 'sum' | 'max',
  ): ExportColumn<Row> => ({
    header: { en, id },
    type: 'number',
    value: of,
    width: 12,
    ...(total ? { total } : {}),
  }),
  text: <Row>(
    en: string,
    id: string,
    of: (r: Row, ctx: CellContext) => string | null,
    width = 28,
  ): ExportColumn<Row> => ({
    header: { en, id },
    type: 'text',
    value: of,
    width,
  }),
  /** Where, in the export's language: the row's place, else its English text. */
  location: <Row extends { place: PlaceRef | null; location: string | null }>(): ExportColumn<Row> => ({
    header: { en: 'Location', id: 'Lokasi' },
    type: 'text',
    value: (r, ctx) => (r.place ? placeWords(r.place, ctx.language) : r.location),
    width: 36,
  }),
  position: <Row extends { position: [number, number] | null }>(): ExportColumn<Row> => ({
    header: { en: 'Coordinates', id: 'Koordinat' },
    type: 'text',
    value: (r) => (r.position ? `${r.position[1].toFixed(6)}, ${r.position[0].toFixed(6)}` : null),
    width: 22,
  }),
};
