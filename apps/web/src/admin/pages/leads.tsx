import type { AdminLead } from '@fibre/domain/api';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { Button } from '../../shared/ui/button.tsx';
import { fetchLeads, markLeadContacted } from '../../shared/api/admin-leads.ts';
import { whenText } from '../format.ts';
import { useOperator } from '../session.tsx';
import { Empty, ErrorAlert, LoadMore, Loading, TableScroll } from '../ui.tsx';

type Pages = InfiniteData<{ items: AdminLead[]; nextCursor: string | null }>;

/** Leads, a 'contacted' mark a manager sets or undoes, and the CSV export. */
export function LeadsPage() {
  const { isManager } = useOperator();
  const queryClient = useQueryClient();
  const leads = useInfiniteQuery({
    queryKey: ['leads'],
    queryFn: ({ pageParam }) => fetchLeads(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const mark = useMutation({
    mutationFn: ({ id, contacted }: { id: string; contacted: boolean }) =>
      markLeadContacted(id, contacted),
    onSuccess: (lead) =>
      queryClient.setQueryData<Pages>(['leads'], (current) =>
        current
          ? {
              ...current,
              pages: current.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === lead.id ? lead : item)),
              })),
            }
          : current,
      ),
  });
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <h1 className="console-title">Leads</h1>
      <p>
        <a className="button button--secondary" href="/admin/api/leads.csv" download>
          Export CSV
        </a>
      </p>
      <ErrorAlert error={leads.error ?? mark.error} />
      {leads.isPending ? (
        <Loading>Loading leads…</Loading>
      ) : items.length === 0 ? (
        !leads.isError && <Empty>No leads yet.</Empty>
      ) : (
        <TableScroll label="Leads">
          <table className="console-table">
            <caption className="visually-hidden">Leads</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Address</th>
                <th scope="col">Message</th>
                <th scope="col">Created</th>
                <th scope="col">Contacted</th>
              </tr>
            </thead>
            <tbody>
              {items.map((lead) => {
                const name = `${lead.firstName} ${lead.lastName}`;
                const busy = mark.isPending && mark.variables.id === lead.id;
                return (
                  <tr key={lead.id}>
                    <th scope="row">{name}</th>
                    <td>{lead.email}</td>
                    <td>{lead.phone ?? '—'}</td>
                    <td>{lead.address}</td>
                    <td className="console-table__long">{lead.message ?? '—'}</td>
                    <td>{whenText(lead.created)}</td>
                    <td>
                      <div className="console-cell-actions">
                        {lead.contactedAt ? (
                          <span>
                            Contacted
                            <span className="console-muted">
                              {' '}
                              {whenText(lead.contactedAt)}
                              {lead.contactedBy ? ` by ${lead.contactedBy}` : ''}
                            </span>
                          </span>
                        ) : (
                          !isManager && <span className="console-muted">Not yet</span>
                        )}
                        {isManager &&
                          (lead.contactedAt ? (
                            <Button
                              variant="ghost"
                              aria-label={`Undo contacted: ${name}`}
                              busy={busy}
                              onClick={() => mark.mutate({ id: lead.id, contacted: false })}
                            >
                              Undo
                            </Button>
                          ) : (
                            <Button
                              variant="secondary"
                              aria-label={`Mark contacted: ${name}`}
                              busy={busy}
                              onClick={() => mark.mutate({ id: lead.id, contacted: true })}
                            >
                              Mark contacted
                            </Button>
                          ))}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <LoadMore list={leads} />
    </>
  );
}
