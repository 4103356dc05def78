import { lazy } from 'react';

/**
 * React's lazy() whose load is tried a second time when the first fails: a chunk the network
 * dropped or the server refused (docs/decisions/010-limits.md) loads on the retry, and only a
 * second failure reaches the error boundary ('This part of the page did not load'). Every lazily
 * loaded part of the pages uses it (eslint.config.js).
 */
export const lazyWithRetry: typeof lazy = (load) => lazy(() => load().catch(() => load()));
