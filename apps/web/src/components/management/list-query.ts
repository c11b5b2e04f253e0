import { DEFAULT_PAGE_SIZE } from '@pantau/contracts';

type SortDir = 'ascend' | 'descend';

/** A filter kept in the URL: one of a set of values, or a row id (`'id'`). */
export type FilterKind = readonly string[] | 'id';

type FilterValue<K extends FilterKind> = K extends readonly (infer V)[] ? V | undefined : number | undefined;

/** A management list's state as it stands in the URL: page, search, each filter, sort. */
export type ListState<F extends Record<string, FilterKind>, S extends string> = {
  page: number;
  search: string;
  sortBy: S | undefined;
  sortDir: SortDir | undefined;
} & { [K in keyof F]: FilterValue<F[K]> };

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  value !== null && (options as readonly string[]).includes(value) ? (value as T) : undefined;

const rowId = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The URL of a management list, read and sent: `filters` names each filter's URL parameter (which
 * is also its API parameter) and what it may hold; anything unknown in the URL is ignored.
 */
export function listQuery<const F extends Record<string, FilterKind>, S extends string>(spec: {
  filters: F;
  sortable: readonly S[];
}) {
  type State = ListState<F, S>;
  const parse = (params: URLSearchParams, page: number): State => {
    const filters = Object.fromEntries(
      Object.entries(spec.filters).map(([name, kind]) => [
        name,
        kind === 'id' ? rowId(params.get(name)) : oneOf(kind, params.get(name)),
      ]),
    );
    const sortBy = oneOf(spec.sortable, params.get('sortBy'));
    const sortDir = oneOf(['ascend', 'descend'] as const, params.get('sortDir'));
    return { page, search: params.get('search') ?? '', sortBy, sortDir, ...filters } as State;
  };
  /** The filters as the API takes them (the page and its report), without paging. */
  const filterQuery = (state: State) => ({
    search: state.search || undefined,
    ...Object.fromEntries(Object.keys(spec.filters).map((name) => [name, state[name]])),
    sortBy: state.sortBy,
    sortDir: state.sortBy ? (state.sortDir ?? 'ascend') : undefined,
  });
  /** One page of the list: 10 a page (spec §9). */
  const pageQuery = (state: State, pageSize = DEFAULT_PAGE_SIZE) => ({
    Take: pageSize,
    Skip: (state.page - 1) * pageSize,
    ...filterQuery(state),
  });
  return { sortable: spec.sortable, parse, filterQuery, pageQuery };
}
