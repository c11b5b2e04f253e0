import { QueryClient } from '@tanstack/react-query';

/** The app's query client: no refetch on focus (the live socket keeps data fresh), one retry. */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
