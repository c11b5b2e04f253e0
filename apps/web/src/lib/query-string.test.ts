import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('S-061 array style repeats the key: a=1&a=2', () => {
    expect(toQueryString({ a: [1, 2], b: 'x' }, 'repeat')).toBe('?a=1&a=2&b=x');
  });
  it('S-061 the default joins arrays with commas and leaves out null and undefined', () => {
    expect(toQueryString({ Count: 5, unitId: undefined, q: null, ids: [3, 4] })).toBe('?Count=5&ids=3%2C4');
  });
  it('answers an empty string for no query', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({ a: undefined })).toBe('');
    expect(toQueryString({ a: [] }, 'repeat')).toBe('');
  });
});
