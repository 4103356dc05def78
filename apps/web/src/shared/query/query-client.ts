import { QueryClient } from '@tanstack/react-query';

/*
 * The wizard's one cache of server data (docs/rules/wizard-flow.md, "Where state lives"): the
 * catalogue, the campaign, the bookings by month, and the hold and install calls as mutations.
 * The store keeps only the visitor's choices; what the server says lives here and is fetched
 * again after a reload.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Each caller decides what a failure means and offers its own Try again.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The page's cache, shared by every step (each step mounts a provider around it). */
export const queryClient = newQueryClient();
