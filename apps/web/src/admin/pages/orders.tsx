import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { fetchOrders } from '../../shared/api/admin-orders.ts';
import { dayStart } from '../format.ts';
import { useLocation, useNavigate } from '../router.tsx';
import { Empty, ErrorAlert, LoadMore, Loading } from '../ui.tsx';
import { OrderTable } from './order-table.tsx';

interface Filters {
  q: string;
  status: string;
  from: string;
  to: string;
}

/**
 * GET /admin/api/orders's query: `from` is the From day's start in Sydney, `to` the start of the
 * day after To, each with its offset (docs/rules/operator-console.md#orders).
 */
export function ordersSearch(filters: Filters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.from) params.set('from', dayStart(filters.from));
  if (filters.to) params.set('to', dayStart(filters.to, undefined, 1));
  if (cursor) params.set('cursor', cursor);
  return params;
}

export function useOrders(filters: Filters) {
  return useInfiniteQuery({
    queryKey: ['orders', filters],
    queryFn: ({ pageParam }) => fetchOrders(ordersSearch(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The search as the page's address keeps it (/admin?q=…&status=…&from=…&to=…), for back and reload. */
function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  return {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    from: day(params.get('from')),
    to: day(params.get('to')),
  };
}

function addressOf(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value.trim()) params.set(key, value.trim());
  const query = params.toString();
  return `/admin${query ? `?${query}` : ''}`;
}

export function OrdersPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersOf(search), [search]);
  const [draft, setDraft] = useState<Filters>(filters);
  // Back or forward to another search shows that search in the form too.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setDraft(filters);
  }
  const orders = useOrders(filters);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(addressOf(draft));
    // The same search again asks the server again.
    if (addressOf(draft) === addressOf(filters)) void orders.refetch();
  };
  return (
    <>
      <h1 className="console-title">Orders</h1>
      <form role="search" aria-label="Search orders" className="console-filters" onSubmit={submit}>
        <Field
          label="Search"
          hint="Name, email, mobile, address or order id"
          className="console-filters__q"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="search"
              value={draft.q}
              onChange={set('q')}
            />
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <select {...control} className="input" value={draft.status} onChange={set('status')}>
              <option value="">Any status</option>
              <option value="pending">Pending</option>
              <option value="confirmed">Confirmed</option>
              <option value="needs_attention">Needs attention</option>
              <option value="cancelled">Cancelled</option>
            </select>
          )}
        </Field>
        <Field label="From">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={draft.from}
              onChange={set('from')}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={draft.to}
              onChange={set('to')}
            />
          )}
        </Field>
        <div className="console-filters__go">
          <Button type="submit" busy={orders.isFetching && !orders.isFetchingNextPage}>
            Search
          </Button>
        </div>
      </form>
      <ErrorAlert error={orders.error} />
      {orders.isPending ? (
        <Loading>Loading orders…</Loading>
      ) : items.length === 0 ? (
        !orders.isError && <Empty>No orders match.</Empty>
      ) : (
        <OrderTable orders={items} />
      )}
      <LoadMore list={orders} />
    </>
  );
}
