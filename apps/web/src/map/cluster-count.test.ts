import {
  createExpression,
  featureFilter,
  latest,
  type StylePropertySpecification,
} from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import {
  COUNT_DIGIT_W,
  COUNT_MAX_CHARS,
  COUNT_POINT_W,
  countCharFilter,
  countCharImage,
  countCharOffset,
  countOffsets,
} from './cluster-count';

/** A cluster as maplibre's worker makes it: `point_count_abbreviated` a number below 1,000, else text. */
const cluster = (abbreviated: number | string) => ({
  type: 'Point' as const,
  properties: { cluster: true, point_count: 1, point_count_abbreviated: abbreviated },
});

/** Parsed and type-checked against the style specification's property, as maplibre loads a layer. */
function evaluate(property: 'icon-offset' | 'icon-image', expression: unknown, feature: object) {
  const key = `layers[0].layout.${property}`;
  const parsed = createExpression(
    expression,
    key,
    latest.layout_symbol[property] as unknown as StylePropertySpecification,
  );
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return parsed.value.evaluate({ zoom: 6 }, feature as never);
}

/** What the count's layers draw for a cluster: each visible position's glyph image and x offset. */
function drawn(abbreviated: number | string) {
  const feature = cluster(abbreviated);
  const out: { image: string; x: number }[] = [];
  for (let i = 0; i < COUNT_MAX_CHARS; i += 1) {
    if (!featureFilter(countCharFilter(i), 'layers[0].filter').filter({ zoom: 6 }, feature as never))
      continue;
    const [x] = evaluate('icon-offset', countCharOffset(i), feature) as [number, number];
    const image = evaluate('icon-image', countCharImage('count:', i), feature) as { name: string };
    out.push({ image: image.name, x });
  }
  return out;
}

describe('cluster counts, a character a layer', () => {
  it('places each character of the count centred on the cluster', () => {
    expect(drawn(7)).toEqual([{ image: 'count:7', x: 0 }]);
    expect(drawn(42)).toEqual([
      { image: 'count:4', x: -COUNT_DIGIT_W / 2 },
      { image: 'count:2', x: COUNT_DIGIT_W / 2 },
    ]);
    expect(drawn(999).map((d) => d.x)).toEqual([-COUNT_DIGIT_W, 0, COUNT_DIGIT_W]);
    expect(drawn('12k').map((d) => d.image)).toEqual(['count:1', 'count:2', 'count:k']);
  });

  it('gives the decimal point its narrow cell', () => {
    const total = 3 * COUNT_DIGIT_W + COUNT_POINT_W;
    expect(drawn('1.2k')).toEqual([
      { image: 'count:1', x: COUNT_DIGIT_W / 2 - total / 2 },
      { image: 'count:.', x: COUNT_DIGIT_W + COUNT_POINT_W / 2 - total / 2 },
      { image: 'count:2', x: COUNT_DIGIT_W + COUNT_POINT_W + COUNT_DIGIT_W / 2 - total / 2 },
      { image: 'count:k', x: total / 2 - COUNT_DIGIT_W / 2 },
    ]);
    expect(drawn('123k').map((d) => d.x)).toEqual(countOffsets('123k'));
    expect(countOffsets('123k')).toEqual([-1.5, -0.5, 0.5, 1.5].map((k) => k * COUNT_DIGIT_W));
  });

  it('draws nothing for a vehicle that is not a cluster', () => {
    const vehicle = { type: 'Point' as const, properties: { icon: 'vehicle:CC:moving' } };
    for (let i = 0; i < COUNT_MAX_CHARS; i += 1)
      expect(
        featureFilter(countCharFilter(i), 'layers[0].filter').filter({ zoom: 6 }, vehicle as never),
      ).toBe(false);
  });
});
