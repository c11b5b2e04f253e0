import { describe, expect, it } from 'vitest';
import { featureProblems } from './import-problems';

describe('an imported feature’s problems', () => {
  it('names the form’s field instead of the JSON path, one line per message', () => {
    const longitude = 'Longitude must be between -180 and 180';
    expect(
      featureProblems([
        ...[0, 1, 2, 3].map((i) => ({ path: `geometry.coordinates.0.${i}.0`, message: longitude })),
        { path: 'polygonCode', message: 'Code A is also used by feature 1' },
        { path: '', message: 'The feature has no geometry' },
      ]),
    ).toEqual([
      { field: 'geometry', message: longitude },
      { field: 'polygonCode', message: 'Code A is also used by feature 1' },
      { field: null, message: 'The feature has no geometry' },
    ]);
  });
});
