export type QueryValue =
  string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;
export type Query = Record<string, QueryValue>;

/**
 * Serialises a query. `arrays: 'repeat'` gives the array style `a=1&a=2` (spec §7 "array-style query"),
 * `arrays: 'comma'` gives `a=1,2`. Null and undefined are left out. Answers '' or '?…'.
 */
export function toQueryString(query: Query | undefined, arrays: 'repeat' | 'comma' = 'comma'): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (arrays === 'repeat') for (const item of value) params.append(key, String(item));
      else if (value.length > 0) params.append(key, value.join(','));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
