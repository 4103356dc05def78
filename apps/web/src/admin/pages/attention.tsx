import { Empty, ErrorAlert, LoadMore, Loading } from '../ui.tsx';
import { OrderTable } from './order-table.tsx';
import { useOrders } from './orders.tsx';

const filters = { q: '', status: 'needs_attention', from: '', to: '' };

/** The needs_attention queue with each order's recorded reason (docs/rules/operator-console.md). */
export function AttentionPage() {
  const orders = useOrders(filters);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <h1 className="console-title">Needs attention</h1>
      <ErrorAlert error={orders.error} />
      {orders.isPending ? (
        <Loading>Loading orders…</Loading>
      ) : items.length === 0 ? (
        !orders.isError && <Empty>Nothing needs attention.</Empty>
      ) : (
        <OrderTable orders={items} withReason />
      )}
      <LoadMore list={orders} />
    </>
  );
}
