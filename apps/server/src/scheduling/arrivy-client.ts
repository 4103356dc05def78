import type { Services } from '../services.ts';

type ArrivySettings = NonNullable<Services['arrivy']>;

/**
 * A thin client of Arrivy's documented REST API (there is no official Node SDK): every call
 * carries the X-Auth-Key and X-Auth-Token headers; bodies are form-encoded as in Arrivy's own
 * examples, with structured fields as JSON strings. Only the calls the scheduler needs.
 */
export interface ArrivyTask {
  id: number | string;
  title?: string;
  status?: string;
  source?: string;
  external_id?: string;
  customer_state?: string;
  start_datetime?: string;
  end_datetime?: string;
  start_datetime_original_iso_str?: string;
  end_datetime_original_iso_str?: string;
}

export class ArrivyError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

const PAGE_SIZE = 500;

/** Arrivy's documented date-time form, YYYY-MM-DDTHH:mm:ssZZ, here in UTC. */
const arrivyTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
/** A three-month calendar holds a few thousand tasks at most; a runaway paging loop stops here. */
const MAX_PAGES = 20;

export function arrivyClient(settings: ArrivySettings, timeoutMs = 15_000) {
  const headers = { 'X-Auth-Key': settings.authKey, 'X-Auth-Token': settings.authToken };

  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, form?: URLSearchParams) {
    let res: Response;
    try {
      res = await fetch(`${settings.apiBase}${path}`, {
        method,
        headers: {
          ...headers,
          Accept: 'application/json',
          ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ArrivyError(undefined, `Arrivy did not answer: ${(error as Error).message}`);
    }
    const text = await res.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the status says enough
    }
    if (!res.ok) {
      const said = body as { description?: string; message?: string } | undefined;
      throw new ArrivyError(
        res.status,
        `Arrivy answered ${res.status}: ${said?.description ?? said?.message ?? res.statusText}`,
      );
    }
    return body as T;
  }

  return {
    /** GET /api/tasks with from/to (ISO 8601 with offset), every page. */
    async tasksBetween(from: Date, to: Date): Promise<ArrivyTask[]> {
      const tasks: ArrivyTask[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const query = new URLSearchParams({
          from: arrivyTime(from),
          to: arrivyTime(to),
          page: String(page),
          items_per_page: String(PAGE_SIZE),
        });
        const batch = (await call<ArrivyTask[]>('GET', `/tasks?${query}`)) ?? [];
        tasks.push(...batch);
        if (batch.length < PAGE_SIZE) break;
      }
      return tasks;
    },
    /** GET /api/tasks?external_id=: the tasks this product made for an order. */
    async tasksFor(externalId: string): Promise<ArrivyTask[]> {
      const query = new URLSearchParams({ external_id: externalId });
      return (await call<ArrivyTask[]>('GET', `/tasks?${query}`)) ?? [];
    },
    /**
     * POST /api/tasks/{id}/status/new: reports a status on a task (Arrivy's documented types:
     * NOTSTARTED, ENROUTE, STARTED, COMPLETE, CANCELLED, ...), at `time`.
     */
    async reportStatus(taskId: number | string, type: string, time: Date): Promise<void> {
      const form = new URLSearchParams({
        type,
        time: arrivyTime(time),
        reporter_name: 'Fibre sign-up',
      });
      await call('POST', `/tasks/${encodeURIComponent(String(taskId))}/status/new`, form);
    },
    /**
     * PUT /api/tasks/{id}: updates a task's fields; here its new start and end
     * (start_datetime, end_datetime in Arrivy's date-time form).
     */
    async updateTimes(taskId: number | string, start: Date, end: Date): Promise<void> {
      const form = new URLSearchParams({
        start_datetime: arrivyTime(start),
        end_datetime: arrivyTime(end),
      });
      await call('PUT', `/tasks/${encodeURIComponent(String(taskId))}`, form);
    },
    /** PUT /api/tasks/{id} with the given fields (the customer's corrected contact). */
    async updateFields(taskId: number | string, fields: Record<string, string>): Promise<void> {
      await call(
        'PUT',
        `/tasks/${encodeURIComponent(String(taskId))}`,
        new URLSearchParams(fields),
      );
    },
    /** POST /api/tasks/new. */
    async createTask(fields: Record<string, string>): Promise<{ id: number | string }> {
      return call('POST', '/tasks/new', new URLSearchParams(fields));
    },
  };
}

export type ArrivyClient = ReturnType<typeof arrivyClient>;
