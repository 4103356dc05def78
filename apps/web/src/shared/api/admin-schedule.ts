import { adminScheduleAnswer } from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's schedule call: each crew's windows on a day in a state. */
export const fetchSchedule = (state: string, date: string) =>
  call(
    'GET',
    `/admin/api/schedule?${new URLSearchParams({ state, date }).toString()}`,
    adminScheduleAnswer,
  );
