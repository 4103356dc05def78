import { FUNNEL_PERIOD_MAX_DAYS } from '@fibre/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../shared/ui/field.tsx';
import { fetchFunnel, funnelQuery, type FunnelPeriod } from '../../shared/api/admin-funnel.ts';
import { ErrorAlert, Loading, TableScroll } from '../ui.tsx';

const DAY_MS = 24 * 60 * 60_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A drop-off in per cent, as the table and the CSV give it; a dash where there is none. */
const dropOffText = (dropOff: number | null) => (dropOff === null ? '–' : `${dropOff}%`);

/**
 * Each step's arrivals over a period of UTC days and the drop-off between steps, for one building
 * or campaign if asked, and the same as CSV (docs/rules/funnel.md).
 */
export function FunnelPage() {
  const [period, setPeriod] = useState<FunnelPeriod>(() => ({
    from: utcDay(Date.now() - 6 * DAY_MS),
    to: utcDay(Date.now()),
    building: '',
    campaign: '',
  }));
  const set = (key: keyof FunnelPeriod) => (event: { target: { value: string } }) =>
    setPeriod((p) => ({ ...p, [key]: event.target.value }));
  const ready = isDay(period.from) && isDay(period.to);
  const funnel = useQuery({
    queryKey: ['funnel', period],
    queryFn: () => fetchFunnel(period),
    enabled: ready,
  });
  const data = funnel.data;
  return (
    <>
      <h1 className="console-title">Funnel</h1>
      <p className="console-muted">
        Visitors who reached each step of the sign-up, counted once per browser tab, by UTC day (at
        most {FUNNEL_PERIOD_MAX_DAYS} days at once).
      </p>
      <div className="console-filters">
        <Field label="From (UTC day)">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={period.from}
              onChange={set('from')}
            />
          )}
        </Field>
        <Field label="To (UTC day)">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={period.to}
              onChange={set('to')}
            />
          )}
        </Field>
        <Field label="Building code" optional>
          {(control) => (
            <input
              {...control}
              className="input"
              value={period.building}
              onChange={set('building')}
            />
          )}
        </Field>
        <Field label="Campaign" optional>
          {(control) => (
            <input
              {...control}
              className="input"
              value={period.campaign}
              onChange={set('campaign')}
            />
          )}
        </Field>
      </div>
      {ready && (
        <p>
          <a
            className="button button--secondary"
            href={`/admin/api/funnel.csv?${funnelQuery(period)}`}
            download
          >
            Download CSV
          </a>
        </p>
      )}
      <ErrorAlert error={funnel.error} />
      {funnel.isLoading ? (
        <Loading>Loading the funnel…</Loading>
      ) : !data ? null : (
        <TableScroll label="Funnel">
          <table className="console-table">
            <caption>
              {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
              {data.building ? `, building ${data.building}` : ''}
              {data.campaign ? `, campaign ${data.campaign}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Arrivals</th>
                <th scope="col">Drop-off from the step before</th>
              </tr>
            </thead>
            <tbody>
              {data.steps.map((row) => (
                <tr key={row.step}>
                  <th scope="row">{row.step}</th>
                  <td>{row.arrivals}</td>
                  <td>{dropOffText(row.dropOff)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
