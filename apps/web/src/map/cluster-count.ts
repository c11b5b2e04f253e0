import type { ExpressionSpecification } from 'maplibre-gl';

/**
 * A cluster's count is drawn character by character: one symbol layer per position, each placing a
 * glyph image ('0'–'9', '.', 'k') at its offset from the cluster's centre. About a dozen images serve
 * every count, instead of one image per count drawn on a canvas when a cluster of that size first
 * appears (at 10,000 vehicles the first view's clusters asked for hundreds: ~0.1 s of the main thread
 * before the fleet was drawn, and a style change with every new count afterwards).
 */

/** The widest count maplibre writes: `point_count_abbreviated` ("999", "1.2k", "12k", "123k"). */
export const COUNT_MAX_CHARS = 4;
/** The characters of a count. */
export const COUNT_CHARS = '0123456789.k';
/** Each glyph's cell, in CSS pixels: a digit (and 'k'), and the decimal point. */
export const COUNT_DIGIT_W = 7;
export const COUNT_POINT_W = 3;
export const COUNT_H = 20;

/** The cell a character of a count is drawn in. */
export const countCellWidth = (ch: string): number => (ch === '.' ? COUNT_POINT_W : COUNT_DIGIT_W);

/** Horizontal offsets (px) of each character's centre from the count's centre. */
export function countOffsets(text: string): number[] {
  const widths = Array.from(text, countCellWidth);
  const total = widths.reduce((sum, w) => sum + w, 0);
  let x = -total / 2;
  return widths.map((w) => {
    const centre = x + w / 2;
    x += w;
    return centre;
  });
}

const TEXT: ExpressionSpecification = ['to-string', ['get', 'point_count_abbreviated']];
const LENGTH: ExpressionSpecification = ['length', TEXT];

/** Only a four-character count can hold a point ("1.2k"); a shorter one is digits and 'k'. */
const LAYOUTS = ['1', '12', '123', '1234', '1.2k'];

/** The filter of position `i`'s layer: clusters whose count has an i-th character. */
export const countCharFilter = (i: number): ExpressionSpecification => [
  'all',
  ['has', 'point_count'],
  ['>', LENGTH, i],
];

/** The image of position `i`: the glyph of the count's i-th character. */
export const countCharImage = (prefix: string, i: number): ExpressionSpecification => [
  'concat',
  prefix,
  ['slice', TEXT, i, i + 1],
];

/** The offset of position `i`, by the count's length (and, at four characters, whether it has a point). */
export function countCharOffset(i: number): ExpressionSpecification {
  const at = (layout: string): ExpressionSpecification => ['literal', [countOffsets(layout)[i] ?? 0, 0]];
  return [
    'case',
    ['==', LENGTH, 1],
    at(LAYOUTS[0]!),
    ['==', LENGTH, 2],
    at(LAYOUTS[1]!),
    ['==', LENGTH, 3],
    at(LAYOUTS[2]!),
    ['==', ['slice', TEXT, 1, 2], '.'],
    at(LAYOUTS[4]!),
    at(LAYOUTS[3]!),
  ];
}
