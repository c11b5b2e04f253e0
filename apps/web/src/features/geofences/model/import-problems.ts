/** The form's fields an import problem can name (their labels are the form's). */
const FEATURE_FIELDS = [
  'polygonCode',
  'polygonName',
  'category',
  'color',
  'radius',
  'width',
  'geometry',
] as const;
type FeatureField = (typeof FEATURE_FIELDS)[number];

/**
 * A feature's problems as the form would word them: the field by its label rather than the JSON path
 * (`geometry.coordinates.0.3.1` → the shape), and one line per message, not one per coordinate.
 */
export function featureProblems(errors: readonly { path: string; message: string }[]) {
  const seen = new Set<string>();
  const out: { field: FeatureField | null; message: string }[] = [];
  for (const e of errors) {
    const field = FEATURE_FIELDS.find((f) => e.path.split('.').includes(f)) ?? null;
    const key = `${field}\n${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, message: e.message });
  }
  return out;
}
