import type { AdminOrdersAnswer } from '@fibre/domain/api';
import { moneyWords } from '@fibre/domain/pricing';
import { unitMessages } from '@fibre/domain/shared';
import { money, statusLabel, windowText } from '../format.ts';
import { Link } from '../router.tsx';
import { TableScroll } from '../ui.tsx';

type Summary = AdminOrdersAnswer['items'][number];

/** Orders as a table: the customer's name links to the order (docs/rules/operator-console.md). */
export function OrderTable({
  orders,
  withReason = false,
}: {
  orders: Summary[];
  withReason?: boolean;
}) {
  return (
    <TableScroll label="Orders">
      <table className="console-table">
        <caption className="visually-hidden">Orders</caption>
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Reference</th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            {withReason && <th scope="col">Reason</th>}
            <th scope="col">Address</th>
            <th scope="col">Window</th>
            <th scope="col">{moneyWords.monthlyCharge}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>
                  {order.customer.firstName} {order.customer.lastName}
                </Link>
              </th>
              <td className="console-reference">{order.reference ?? 'None'}</td>
              <td>{order.customer.email}</td>
              <td>
                <span className={`console-status console-status--${order.status}`}>
                  {statusLabel(order.status)}
                </span>
                {/* docs/rules/contact-and-connection.md#the-buildings-units */}
                {order.moveIn && <span className="console-flag">{unitMessages.moveInFlag}</span>}
              </td>
              {withReason && <td>{order.attentionReason ?? 'None recorded'}</td>}
              <td>{order.address}</td>
              <td>{windowText(order.window)}</td>
              <td>{money(order.monthlyCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
