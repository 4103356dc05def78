import { AU_STATES } from '@fibre/domain/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../shared/ui/field.tsx';
import { fetchSchedule } from '../../shared/api/admin-schedule.ts';
import { clockText, firstBookableDay, timeText } from '../format.ts';
import { Link } from '../router.tsx';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

/** Each crew's windows on a day in a state: booked, held or free (docs/rules/operator-console.md). */
export function SchedulePage() {
  const [state, setState] = useState<string>('NSW');
  const [date, setDate] = useState(() => firstBookableDay('NSW'));
  const schedule = useQuery({
    queryKey: ['schedule', state, date],
    queryFn: () => fetchSchedule(state, date),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const data = schedule.data;
  return (
    <>
      <h1 className="console-title">Installation schedule</h1>
      <div className="console-filters">
        <Field label="State">
          {(control) => (
            <select
              {...control}
              className="input"
              value={state}
              onChange={(event) => setState(event.target.value)}
            >
              {AU_STATES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Day">
          {(control) => (
            <input
              {...control}
              className="input"
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
          )}
        </Field>
      </div>
      <ErrorAlert error={schedule.error} />
      {schedule.isLoading ? (
        <Loading>Loading the schedule…</Loading>
      ) : !data ? null : data.crews.length === 0 ? (
        <Empty>No crew works in {data.state} on this day.</Empty>
      ) : (
        data.crews.map((crew) => (
          <TableScroll key={crew.id} label={crew.name}>
            <table className="console-table">
              <caption>{crew.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Window</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {crew.slots.length === 0 && (
                  <tr>
                    <td colSpan={2}>No windows on this day.</td>
                  </tr>
                )}
                {crew.slots.map((slot) => (
                  <tr key={slot.start}>
                    <th scope="row">
                      {clockText(slot.start, data.zone)} – {timeText(slot.end, data.zone)}
                    </th>
                    <td>
                      {slot.status === 'booked' ? (
                        slot.orderId ? (
                          <Link to={`/admin/orders/${encodeURIComponent(slot.orderId)}`}>
                            Booked
                          </Link>
                        ) : (
                          'Booked'
                        )
                      ) : slot.status === 'held' ? (
                        `Held${slot.expiresAt ? ` (until ${timeText(slot.expiresAt, data.zone)})` : ''}`
                      ) : (
                        'Free'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))
      )}
    </>
  );
}
