import { importResponse } from '@pantau/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client';

/**
 * The writes of a managed record at `path` (`POST path`, `PUT path/{id}`, `DELETE path/{id}` which
 * deactivates, `POST path/import`); each success refreshes every query under `refresh`.
 */
export function entityWrites<Input, Row>(path: string, schema: z.ZodType<Row>, refresh: QueryKey) {
  const create = (input: Input) => api.postAuth(path, { body: input, schema });
  const update = (id: number, input: Input) => api.put(`${path}/${id}`, { body: input, schema });
  const deactivate = (id: number) => api.delete(`${path}/${id}`, { schema });
  /** A dry run checks every row; a commit stores all of them or none. */
  const importRows = (rows: Record<string, unknown>[], dryRun: boolean) =>
    api.postAuth(`${path}/import`, { body: { rows, dryRun }, schema: importResponse });

  function useRefresh() {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: refresh });
  }
  /** Adds (id null) or saves a record. */
  function useSave() {
    const onSuccess = useRefresh();
    return useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: Input }) =>
        id === null ? create(input) : update(id, input),
      onSuccess,
    });
  }
  function useDeactivate() {
    const onSuccess = useRefresh();
    return useMutation({ mutationFn: deactivate, onSuccess });
  }
  return { importRows, useSave, useDeactivate };
}
