import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client.ts';

/**
 * Wraps a step in the page's query cache. The steps after the address step load it with their
 * lazy chunk (shell/steps.ts), so the first screen does not download the query library.
 */
export function withQueries(Step: ComponentType, client: QueryClient = queryClient): ComponentType {
  function WithQueries() {
    return (
      <QueryClientProvider client={client}>
        <Step />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Step.displayName ?? Step.name})`;
  return WithQueries;
}
