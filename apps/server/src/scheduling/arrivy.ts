import type { AdapterContext } from '../context.ts';
import { ServiceRefusal } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { digested } from '../http/prepared.ts';
import { holdSlot, listSlots, type BookingSlot } from './availability.ts';
import { embeddedScheduler, type Scheduler } from './scheduler.ts';
import { parseState, windowIdState, type State } from './windows.ts';
import { arrivyClient, type ArrivyClient, type ArrivyTask } from './arrivy-client.ts';
import type { ExternalCalendar } from './calendar.ts';

/** Marks the tasks this product makes, which it already counts as bookings of its own. */
export const TASK_SOURCE = 'fibre-signup';

/** Arrivy's `from`/`to` select by start; a task that began up to this long before still overlaps. */
const LONGEST_TASK_MS = 24 * 3600_000;

export const schedulingUnavailable = () =>
  new ServiceRefusal(
    'unavailable',
    'scheduling_unavailable',
    'Installation times cannot be checked right now. Please try again in a few minutes.',
  );

/**
 * Scheduling with Arrivy (docs/decisions/004-external-adapters.md). Arrivy is the calendar of
 * record for booked installations: the installer's task is created there with the scheduling
 * record and the extra named fields, and every task already in Arrivy (booked by the office, say)
 * takes a place in its window. Arrivy's public API documents tasks but no hold, so the crews'
 * windows and the holds stay in our database, under the same locks as the embedded calendar:
 * a window is free while our bookings, our live holds and Arrivy's other tasks are below its crews.
 */
export function arrivyScheduler(
  ctx: AdapterContext,
  settings: NonNullable<Services['arrivy']>,
  client: ArrivyClient = arrivyClient(settings),
): Scheduler {
  const embedded = embeddedScheduler(ctx);
  return {
    async slotsAnswer(state, from, to) {
      const [slots, tasks] = await Promise.all([
        listSlots(ctx, state, from, to),
        busy(client, state, from, to),
      ]);
      // Arrivy's tasks change outside this database, so this answer is built on every call.
      return digested({ booking_slots: freeSlots(slots, tasks) });
    },
    async hold(input) {
      const state = windowIdState(input.booking_id);
      const alsoTaken = state ? (await busy(client, state, input.start, input.end)).length : 0;
      return holdSlot(ctx, input, { alsoTaken });
    },
    release: embedded.release,
    // A renewed hold keeps its place, which Arrivy's tasks were counted against when it was taken.
    extend: embedded.extend,
    calendar: arrivyCalendar(client),
  };
}

/** Arrivy's tasks in the state that overlap [from, to), other than ours. */
async function busy(
  client: ArrivyClient,
  state: State,
  from: Date,
  to: Date,
): Promise<Array<[number, number]>> {
  let tasks: ArrivyTask[];
  try {
    tasks = await client.tasksBetween(new Date(from.getTime() - LONGEST_TASK_MS), to);
  } catch (error) {
    const answer = schedulingUnavailable();
    answer.cause = error;
    throw answer;
  }
  return tasks.flatMap((task) => {
    if (task.source === TASK_SOURCE || /^cancel/i.test(task.status ?? '')) return [];
    if (parseState(task.customer_state ?? '') !== state) return [];
    const start = instant(task.start_datetime_original_iso_str ?? task.start_datetime);
    if (start === undefined) return [];
    const end = instant(task.end_datetime_original_iso_str ?? task.end_datetime) ?? start + 1;
    return end > from.getTime() && start < to.getTime() ? [[start, end] as [number, number]] : [];
  });
}

/** Slots come one per free crew, window by window: each overlapping task takes one away. */
function freeSlots(slots: BookingSlot[], tasks: Array<[number, number]>): BookingSlot[] {
  const windows = new Map<string, BookingSlot[]>();
  for (const slot of slots) {
    const list = windows.get(slot.booking_id) ?? [];
    list.push(slot);
    windows.set(slot.booking_id, list);
  }
  return [...windows.values()].flatMap((list) => {
    const start = Date.parse(list[0]!.start);
    const end = Date.parse(list[0]!.end);
    const taken = tasks.filter(([s, e]) => e > start && s < end).length;
    return list.slice(0, Math.max(0, list.length - taken));
  });
}

/**
 * The installer's tasks in Arrivy, found, created, moved, cancelled and their contact changed or
 * erased, by the order they are for.
 */
function arrivyCalendar(client: ArrivyClient): ExternalCalendar {
  const calendar: ExternalCalendar = {
    kind: 'external',
    async findTask(orderId) {
      const [task] = await client.tasksFor(orderId);
      return task ? String(task.id) : null;
    },
    async cancelTask(orderId, now) {
      // Reported as a CANCELLED status, not deleted: the office keeps the task and its history.
      for (const task of await client.tasksFor(orderId)) {
        if (/^cancel/i.test(task.status ?? '')) continue;
        await client.reportStatus(task.id, 'CANCELLED', now);
      }
    },
    async rescheduleTask(orderId, to) {
      // Every live task of the order gets the new times; a cancelled one is left as it is.
      for (const task of await client.tasksFor(orderId)) {
        if (/^cancel/i.test(task.status ?? '')) continue;
        await client.updateTimes(task.id, to.startsAt, to.endsAt);
      }
    },
    async updateContact(orderId, contact) {
      // Every live task of the order (docs/rules/personal-data-requests.md); a cancelled one is
      // left as the office keeps it.
      for (const task of await client.tasksFor(orderId)) {
        if (/^cancel/i.test(task.status ?? '')) continue;
        await client.updateFields(task.id, {
          customer_first_name: contact.firstName,
          customer_last_name: contact.lastName,
          customer_email: contact.email,
          ...(contact.phone ? { customer_mobile_number: contact.phone } : {}),
        });
      }
    },
    async eraseContact(orderId) {
      // Every task of the order, the cancelled one the office keeps too: it keeps its times and
      // status, never whom it was for (docs/rules/personal-data-requests.md#erase).
      for (const task of await client.tasksFor(orderId)) {
        await client.updateFields(task.id, {
          title: 'Installation - erased',
          customer_first_name: 'Erased',
          customer_last_name: '',
          customer_email: '',
          customer_mobile_number: '',
          customer_address_line_1: '',
          customer_address_line_2: '',
        });
      }
    },
    async createTask(request) {
      // A retry of the same order finds the task the first attempt made.
      const earlier = await calendar.findTask(request.orderId);
      if (earlier !== null) return { taskId: earlier };
      const b = request.booking;
      const created = await client.createTask({
        title: b.title,
        start_datetime: b.start_datetime,
        end_datetime: b.end_datetime,
        customer_first_name: b.customer_first_name,
        customer_last_name: b.customer_last_name,
        customer_email: b.customer_email,
        customer_mobile_number: b.customer_mobile_number,
        customer_address_line_1: b.customer_address_line_1,
        customer_address_line_2: b.customer_address_line_2,
        customer_city: b.customer_city,
        customer_state: b.customer_state,
        customer_zipcode: b.customer_zipcode,
        customer_country: b.customer_country,
        template_extra_fields: JSON.stringify(
          b.template_extra_fields.map((f) => ({ name: f.name, type: 'TEXT', value: f.value })),
        ),
        external_id: request.orderId,
        source: TASK_SOURCE,
        source_id: request.reservationId,
      });
      return { taskId: String(created.id) };
    },
  };
  return calendar;
}

/** Arrivy returns its original-zone strings with an offset and its UTC ones without. */
function instant(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? undefined : ms;
}
