import { stateTimeZone } from '@fibre/domain/scheduling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../shared/ui/button.tsx';
import { fetchHolds, releaseHold } from '../../shared/api/admin-holds.ts';
import { spanText, timeText } from '../format.ts';
import { useOperator } from '../session.tsx';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

/** Live holds with their expiry; a manager releases one (docs/rules/operator-console.md). */
export function HoldsPage() {
  const { isManager } = useOperator();
  const queryClient = useQueryClient();
  const holds = useQuery({
    queryKey: ['holds'],
    queryFn: fetchHolds,
  });
  const release = useMutation({
    mutationFn: releaseHold,
    onSuccess: (_none, id) => {
      queryClient.setQueryData(['holds'], (current: typeof holds.data) =>
        current ? { items: current.items.filter((hold) => hold.reservationId !== id) } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ['schedule'] });
    },
  });
  const items = holds.data?.items ?? [];
  return (
    <>
      <h1 className="console-title">Live holds</h1>
      <ErrorAlert error={holds.error ?? release.error} />
      {holds.isPending ? (
        <Loading>Loading holds…</Loading>
      ) : items.length === 0 ? (
        !holds.isError && <Empty>No live holds.</Empty>
      ) : (
        <TableScroll label="Live holds">
          <table className="console-table">
            <caption className="visually-hidden">Live holds</caption>
            <thead>
              <tr>
                <th scope="col">State</th>
                <th scope="col">Crew</th>
                <th scope="col">Window</th>
                <th scope="col">Expires</th>
                {isManager && <th scope="col">Action</th>}
              </tr>
            </thead>
            <tbody>
              {items.map((hold) => {
                const zone = stateTimeZone(hold.state);
                return (
                  <tr key={hold.reservationId}>
                    <td>{hold.state}</td>
                    <td>{hold.crew.name}</td>
                    <td>{spanText(hold.window.start, hold.window.end, zone)}</td>
                    <td>{timeText(hold.expiresAt, zone)}</td>
                    {isManager && (
                      <td>
                        <Button
                          variant="secondary"
                          aria-label={`Release hold ${hold.reservationId}`}
                          busy={release.isPending && release.variables === hold.reservationId}
                          onClick={() => release.mutate(hold.reservationId)}
                        >
                          Release
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
