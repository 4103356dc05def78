import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { consoleMessage } from './messages.ts';

/** An error's message in role=alert, focused when it appears (docs/rules/operator-console.md). */
export function ErrorAlert({ error }: { error: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const message = error ? consoleMessage(error) : null;
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, error]);
  if (!message) return null;
  return (
    <div ref={ref} tabIndex={-1} className="console-alert">
      <Alert tone="danger">{message}</Alert>
    </div>
  );
}

export function Loading({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p className="console-muted" role="status">
      {children}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="console-empty">{children}</p>;
}

/** A table that scrolls sideways on a narrow screen, focusable so keyboards can scroll it too. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      className="console-table-scroll"
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrolls)`}
    >
      {children}
    </div>
  );
}

/** The next page of a list, while there is one (docs/rules/operators.md#reading: pages). */
export function LoadMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      busy={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      Load more
    </Button>
  );
}
