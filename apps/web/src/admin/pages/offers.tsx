import { useQuery } from '@tanstack/react-query';
import { fetchOffers } from '../../shared/api/admin-offers.ts';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

const day = (iso: string) => iso.slice(0, 10);

/** Coupons and campaigns with how many orders used each (docs/rules/operator-console.md). */
export function OffersPage() {
  const offers = useQuery({
    queryKey: ['offers'],
    queryFn: fetchOffers,
  });
  const data = offers.data;
  return (
    <>
      <h1 className="console-title">Coupons and campaigns</h1>
      <ErrorAlert error={offers.error} />
      {offers.isPending && <Loading>Loading offers…</Loading>}
      {data && (
        <>
          <h2 className="console-subtitle">Coupons</h2>
          {data.coupons.length === 0 ? (
            <Empty>No coupons.</Empty>
          ) : (
            <TableScroll label="Coupons">
              <table className="console-table">
                <caption className="visually-hidden">Coupons</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Retired</th>
                    <th scope="col">Orders</th>
                  </tr>
                </thead>
                <tbody>
                  {data.coupons.map((coupon) => (
                    <tr key={coupon.id}>
                      <th scope="row">{coupon.id}</th>
                      <td>{coupon.description}</td>
                      <td>{coupon.retired ? 'Yes' : 'No'}</td>
                      <td>{coupon.orders}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <h2 className="console-subtitle">Campaigns</h2>
          {data.campaigns.length === 0 ? (
            <Empty>No campaigns.</Empty>
          ) : (
            <TableScroll label="Campaigns">
              <table className="console-table">
                <caption className="visually-hidden">Campaigns</caption>
                <thead>
                  <tr>
                    <th scope="col">Campaign</th>
                    <th scope="col">Coupon</th>
                    <th scope="col">Runs</th>
                    <th scope="col">Buildings</th>
                    <th scope="col">Retired</th>
                    <th scope="col">Orders</th>
                  </tr>
                </thead>
                <tbody>
                  {data.campaigns.map((campaign) => (
                    <tr key={campaign.id}>
                      <th scope="row">{campaign.name}</th>
                      <td>{campaign.couponCode}</td>
                      <td>
                        {day(campaign.starts)} to {day(campaign.ends)}
                      </td>
                      <td>{campaign.buildings}</td>
                      <td>{campaign.retired ? 'Yes' : 'No'}</td>
                      <td>{campaign.orders}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </>
  );
}
