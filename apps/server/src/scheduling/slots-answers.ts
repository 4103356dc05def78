import { TZDate } from '@date-fns/tz';
import type { AdapterContext } from '../context.ts';
import { rangeMark } from './repository/reservations.ts';
import { digested, type PreparedAnswer } from '../http/prepared.ts';
import { slotsAt } from './availability.ts';
import { freshReads } from '../http/fresh-reads.ts';
import { stateZone, type State } from './windows.ts';

/**
 * The bookings answers, kept serialised until their range changes
 * (docs/decisions/022-kept-answers.md). A kept answer is sent again while:
 * - the range's mark (rangeMark) is the one read before it was computed: no hold, release,
 *   booking or window change has committed since, on any instance;
 * - the served catalogue (crews, closures) is the one it was computed from;
 * - the clock is between the instant it was computed and the first lapse of a live hold in it or
 *   the state's next midnight (the first bookable day moves then), whichever comes first.
 * Each call still waits for a read of the mark that began after it asked: one small query, the only
 * database work of a kept answer, shared by the calls for the same range that wait at once
 * (freshReads).
 */

/** Ranges kept per instance; the oldest goes first. About 140 KB each for three months. */
const KEEP_AT_MOST = 64;

interface Kept {
  mark: string;
  snapshot: ReturnType<AdapterContext['catalogue']['current']>;
  /** Epoch ms: the answer is sent from `since` (when it was computed) until before `until`. */
  valid: { since: number; until: number };
  answer: Promise<PreparedAnswer>;
}

export interface SlotsAnswers {
  /** The `{ booking_slots }` answer for a state's slots starting in [from, to). */
  answer(state: State, from: Date, to: Date): Promise<PreparedAnswer>;
}

/** The instant the state's next day begins, in its zone. */
function nextMidnight(state: State, now: Date): number {
  const z = new TZDate(now.getTime(), stateZone(state));
  return new TZDate(z.getFullYear(), z.getMonth(), z.getDate() + 1, stateZone(state)).getTime();
}

export function slotsAnswers(ctx: AdapterContext): SlotsAnswers {
  const kept = new Map<string, Kept>();
  const marks = freshReads<string>();

  return {
    async answer(state, from, to) {
      const key = `${state}|${from.getTime()}|${to.getTime()}`;
      // The mark is read before the slots: a change committed in between moves the mark the next
      // call reads, so an answer is never kept past a change it did not see.
      const mark = await marks(key, () => rangeMark(ctx.database.db, state, from, to));
      const now = ctx.now();
      const snapshot = ctx.catalogue.current();
      const found = kept.get(key);
      if (
        found &&
        found.mark === mark &&
        found.snapshot === snapshot &&
        now.getTime() >= found.valid.since &&
        now.getTime() < found.valid.until
      ) {
        return found.answer;
      }
      const valid = { since: now.getTime(), until: nextMidnight(state, now) };
      const answer = slotsAt(ctx, state, from, to, now).then(
        ({ slots, nextLapse }) => {
          if (nextLapse) valid.until = Math.min(valid.until, nextLapse.getTime());
          return digested({ booking_slots: slots });
        },
        (error: unknown) => {
          if (kept.get(key)?.answer === answer) kept.delete(key);
          throw error;
        },
      );
      kept.delete(key);
      if (kept.size >= KEEP_AT_MOST) kept.delete(kept.keys().next().value!);
      kept.set(key, { mark, snapshot, valid, answer });
      return answer;
    },
  };
}
