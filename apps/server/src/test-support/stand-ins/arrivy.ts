import { faultList } from './faults.ts';
import { startStandIn, type RecordedRequest, type Reply, type StandIn } from './recorder.ts';

/**
 * Arrivy's API (its public REST documentation: tasks), the endpoints the scheduling adapter calls.
 * Every request must carry X-Auth-Key and X-Auth-Token; bodies are form-encoded; errors are JSON
 * with a `description`.
 *
 *   GET  /api/tasks?from=&to=&page=&items_per_page=   tasks starting in [from, to]
 *   GET  /api/tasks?external_id=                      the tasks with that external id
 *   POST /api/tasks/new                               create a task: {id, url_safe_id}
 *   POST /api/tasks/{id}/status/new                   report a status (type, time): {id}
 *   PUT  /api/tasks/{id}                              update a task's fields (start_datetime,
 *                                                     end_datetime, ...): the task
 *
 * A task's `status` is its latest reported type (NOTSTARTED when made); `statuses` keeps each
 * report, so tests see what was reported.
 *
 * `book(...)` puts a task in the calendar as the office would, outside this product.
 */
export const AUTH_KEY = 'arrivy-key-1';
export const AUTH_TOKEN = 'arrivy-token-1';

export type StoredTask = Record<string, unknown> & { id: number };

export interface ArrivyStandIn extends StandIn {
  tasks: StoredTask[];
  faults: ReturnType<typeof faultList>;
  /** A task booked straight into Arrivy, e.g. by the office. */
  book(task: { start: string; end: string; state: string; title?: string; status?: string }): void;
}

/** Arrivy's documented task status types. */
const STATUS_TYPES = [
  'NOTSTARTED',
  'ENROUTE',
  'STARTED',
  'COMPLETE',
  'EXCEPTION',
  'CANCELLED',
  'PREPARING',
  'CONFIRMED',
  'CUSTOM',
  'RECOMMENDED',
  'RESCHEDULED',
  'CUSTOMER_EXCEPTION',
  'READYFORPICKUP',
];

const asUtc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, '');

export async function startArrivy(): Promise<ArrivyStandIn> {
  const tasks: StoredTask[] = [];
  const faults = faultList();
  let nextId = 5348024557502464;
  let nextStatusId = 6473924464345088;

  function handle(req: RecordedRequest): Reply {
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && (m = /^\/api\/tasks\/([^/]+)\/status\/new$/.exec(req.path))) {
      const taskId = String(m[1]);
      const task = tasks.find((t) => String(t.id) === taskId);
      if (!task) return { status: 404, body: { description: `No task ${taskId}` } };
      const f = Object.fromEntries(req.form);
      if (!STATUS_TYPES.includes(f.type ?? ''))
        return { status: 400, body: { description: 'type is not a task status type' } };
      if (!f.time || Number.isNaN(Date.parse(f.time)))
        return { status: 400, body: { description: 'time is not a valid date' } };
      const id = nextStatusId++;
      const statuses = (task.statuses as Array<Record<string, string | number>> | undefined) ?? [];
      task.statuses = [...statuses, { ...f, id }];
      task.status = f.type;
      return { status: 200, body: { id } };
    }
    if (req.method === 'PUT' && (m = /^\/api\/tasks\/([^/]+)$/.exec(req.path))) {
      const taskId = String(m[1]);
      const task = tasks.find((t) => String(t.id) === taskId);
      if (!task) return { status: 404, body: { description: `No task ${taskId}` } };
      const f = Object.fromEntries(req.form);
      for (const key of ['start_datetime', 'end_datetime'] as const) {
        if (f[key] !== undefined && Number.isNaN(Date.parse(f[key])))
          return { status: 400, body: { description: `${key} is not a valid date` } };
      }
      const { start_datetime: start, end_datetime: end, ...rest } = f;
      Object.assign(task, rest);
      if (start !== undefined) {
        task.start_datetime = asUtc(start);
        task.start_datetime_original_iso_str = start;
      }
      if (end !== undefined) {
        task.end_datetime = asUtc(end);
        task.end_datetime_original_iso_str = end;
      }
      const updates = (task.updates as Array<Record<string, string>> | undefined) ?? [];
      task.updates = [...updates, f];
      return { status: 200, body: task };
    }
    if (req.method === 'GET' && req.path === '/api/tasks') {
      const q = req.query;
      let found = tasks;
      const externalId = q.get('external_id');
      if (externalId !== null) found = found.filter((t) => t.external_id === externalId);
      const from = q.get('from');
      const to = q.get('to');
      if (from)
        found = found.filter(
          (t) => Date.parse(String(t.start_datetime_original_iso_str)) >= Date.parse(from),
        );
      if (to)
        found = found.filter(
          (t) => Date.parse(String(t.start_datetime_original_iso_str)) <= Date.parse(to),
        );
      const size = Number(q.get('items_per_page') ?? 500);
      const page = Number(q.get('page') ?? 1);
      return { status: 200, body: found.slice((page - 1) * size, page * size) };
    }
    if (req.method === 'POST' && req.path === '/api/tasks/new') {
      const f = Object.fromEntries(req.form);
      if (!f.start_datetime || Number.isNaN(Date.parse(f.start_datetime)))
        return { status: 400, body: { description: 'start_datetime is not a valid date' } };
      const id = nextId++;
      tasks.push({
        ...f,
        id,
        url_safe_id: `task-${id}`,
        status: 'NOTSTARTED',
        start_datetime: asUtc(f.start_datetime),
        end_datetime: f.end_datetime ? asUtc(f.end_datetime) : undefined,
        start_datetime_original_iso_str: f.start_datetime,
        end_datetime_original_iso_str: f.end_datetime,
        template_extra_fields: f.template_extra_fields ? JSON.parse(f.template_extra_fields) : [],
      });
      return { status: 200, body: { id, url_safe_id: `task-${id}` } };
    }
    return { status: 404, body: { description: `No such endpoint ${req.path}` } };
  }

  const standIn = await startStandIn((req) => {
    if (req.headers['x-auth-key'] !== AUTH_KEY || req.headers['x-auth-token'] !== AUTH_TOKEN)
      return { status: 401, body: { description: 'Invalid auth key or token' } };
    return faults.take(req) ?? handle(req);
  });
  return {
    ...standIn,
    tasks,
    faults,
    book({ start, end, state, title = 'Office booking', status = 'NOTSTARTED' }) {
      const id = nextId++;
      tasks.push({
        id,
        title,
        status,
        source: 'web',
        customer_state: state,
        start_datetime: asUtc(start),
        end_datetime: asUtc(end),
        start_datetime_original_iso_str: start,
        end_datetime_original_iso_str: end,
      });
    },
  };
}
