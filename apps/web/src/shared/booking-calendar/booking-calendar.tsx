import {
  dayButtonLabel,
  dayKeyOf,
  monthKeyOf,
  type DayKey,
  type MonthKey,
} from '@fibre/domain/scheduling';
import { CALENDAR_MONTHS } from '@fibre/domain/shared';
import { memo, startTransition, useId, useMemo, type Ref } from 'react';
import {
  DateLib,
  DayButton,
  DayPicker,
  defaultDateLib,
  formatWeekdayName,
  getDefaultClassNames,
  labelWeekday,
  UI,
  type DayButtonProps,
  type Formatters,
  type MonthGridProps,
} from 'react-day-picker';
import { enAU } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './booking-calendar.css';
import { dayStart, monthStart } from './month-keys.ts';
import { text } from './text.ts';

interface BookingCalendarProps {
  timeZone: string;
  month: MonthKey;
  onMonthChange: (month: MonthKey) => void;
  firstMonth: MonthKey;
  lastMonth: MonthKey;
  selected: DayKey | null;
  onSelect: (day: DayKey) => void;
  /** The day of the held window, marked so the visitor can find it again. */
  held: DayKey | null;
  available: ReadonlySet<DayKey>;
  /**
   * The first bookable day in the zone (the domain's firstBookableDay): every day before it is
   * disabled, whatever is known of the dates.
   */
  firstDay: DayKey;
  loading: boolean;
  /**
   * The months on show have no answer yet: their days from the first bookable one on can be
   * chosen, are marked aria-disabled and described by the status, and a choice waits for the
   * answer.
   */
  datesUnknown?: boolean;
  /**
   * A day pressed while its dates loaded that turned out to have no window: aria-disabled and
   * described by the status that says so, but still a button, so the focus the press gave it
   * stays where it was.
   */
  refused?: DayKey | null;
  /**
   * The calendar's status line, announced as it changes; 'Loading available dates…' while
   * loading unless told otherwise.
   */
  status?: string;
  /** The date error's id: every day describes itself by it while it shows. */
  errorId: string | undefined;
  ref?: Ref<HTMLDivElement>;
}

/**
 * docs/rules/installation-and-holds.md: two months, weeks starting Monday, en-AU, every date in the
 * zone of the address's state (react-day-picker draws the days in that zone, whatever the browser's
 * own). Days before the first bookable day are disabled, always; so are days without a free
 * window. While nothing is known of the months on show, the days from the first bookable one on
 * are aria-disabled and described by the status line, and a press on one goes to onSelect all the
 * same (its owner keeps it until the answer). Each day is named with the number it shows
 * ('Friday 4 December', the domain's dayButtonLabel: WCAG 2.5.3, label in name).
 *
 * Drawing two months of zoned days is the step's dearest work (about half a second of a desktop
 * CPU): it is memoised, and every object handed to DayPicker keeps its identity while its inputs
 * do, so only a change of month, day, loading state or free days draws the calendar again. Drawn
 * on every render, a busy machine took seconds per click and the hold countdown's tick redrew it
 * every second (issue 13: a clicked day showed no windows within 20 s).
 */
export const BookingCalendar = memo(function BookingCalendar(props: BookingCalendarProps) {
  const { timeZone, available, errorId, ref, onSelect, onMonthChange, firstDay } = props;
  const datesUnknown = props.datesUnknown ?? false;
  const refused = props.refused ?? null;
  const status = props.status ?? (props.loading ? text.loadingDates : '');
  const statusId = useId();
  // Each drawing asks every day of both months whether it is free, held, today, selected or
  // focused. A day's key in the zone is worked out once per day and time zone, not once per
  // drawing or per answer (bench/README.md, INP on the installation step).
  const keyOf = useMemo(() => {
    const keys = new Map<number, DayKey>();
    return (date: Date) => {
      let key = keys.get(date.getTime());
      if (key === undefined) {
        key = dayKeyOf(date, timeZone);
        keys.set(date.getTime(), key);
      }
      return key;
    };
  }, [timeZone]);
  // Days before the first bookable day are out of reach whatever is known (docs/rules/
  // installation-and-holds.md, the calendar): while nothing is known, any later day may have a
  // window. The refused day stays a button (aria-disabled instead), so its focus is kept.
  const unavailable = useMemo(
    () => (date: Date) => {
      const key = keyOf(date);
      if (key < firstDay) return true;
      if (key === refused) return false;
      return !datesUnknown && !available.has(key);
    },
    [available, keyOf, datesUnknown, firstDay, refused],
  );
  const dateLib = useMemo(() => zonedComparisons(timeZone), [timeZone]);
  const components = useMemo(
    () => ({
      // A day's focus, blur and click each set DayPicker's own state and so draw both months
      // again; as transitions (bench/README.md, INP on the calendar) React draws them in slices
      // after the click's frame, and a later click (a window) goes before them.
      MonthGrid: MonthGridWithWeekdays,
      DayButton: function DescribedDayButton(buttonProps: DayButtonProps) {
        const { onClick, onFocus, onBlur, modifiers } = buttonProps;
        // A day whose windows are still loading is not yet available (aria-disabled, described by
        // the status line), but a press on it is kept, not lost (the calendar's owner waits). A
        // day refused that way is aria-disabled too, and described by the status saying why.
        const waiting = Boolean(modifiers.waiting) || Boolean(modifiers.refused);
        const describedBy = [errorId, waiting ? statusId : undefined].filter(Boolean).join(' ');
        return (
          <DayButton
            {...buttonProps}
            onClick={(event) => startTransition(() => onClick?.(event))}
            onFocus={(event) => startTransition(() => onFocus?.(event))}
            onBlur={(event) => startTransition(() => onBlur?.(event))}
            aria-disabled={buttonProps['aria-disabled'] ?? (waiting || undefined)}
            aria-describedby={describedBy || undefined}
          />
        );
      },
    }),
    [errorId, statusId],
  );
  const labels = useMemo(() => {
    const names = new Map<number, string>();
    return {
      labelDayButton: (date: Date) => {
        let name = names.get(date.getTime());
        if (name === undefined) {
          name = dayButtonLabel(date, timeZone);
          names.set(date.getTime(), name);
        }
        return name;
      },
      labelNext: () => text.nextMonth,
      labelPrevious: () => text.previousMonth,
    };
  }, [timeZone]);
  const month = useMemo(() => monthStart(props.month, timeZone), [props.month, timeZone]);
  const startMonth = useMemo(
    () => monthStart(props.firstMonth, timeZone),
    [props.firstMonth, timeZone],
  );
  const endMonth = useMemo(
    () => monthStart(props.lastMonth, timeZone),
    [props.lastMonth, timeZone],
  );
  const selected = useMemo(
    () => (props.selected ? dayStart(props.selected, timeZone) : undefined),
    [props.selected, timeZone],
  );
  const heldKey = props.held;
  const modifiers = useMemo(
    () => ({
      held: heldKey ? (date: Date) => keyOf(date) === heldKey : undefined,
      waiting: datesUnknown
        ? (date: Date) => keyOf(date) >= firstDay && keyOf(date) !== refused
        : undefined,
      refused: refused ? (date: Date) => keyOf(date) === refused : undefined,
    }),
    [heldKey, keyOf, datesUnknown, firstDay, refused],
  );
  return (
    <div ref={ref} className="calendar" aria-busy={props.loading}>
      {/* Always there, so a change is read out; above the months, where a phone shows it. */}
      <p id={statusId} className="calendar__status" role="status">
        {status === text.loadingDates && <span className="spinner" aria-hidden="true" />}
        {status}
      </p>
      <DayPicker
        mode="single"
        required
        timeZone={timeZone}
        locale={enAU}
        weekStartsOn={1}
        numberOfMonths={CALENDAR_MONTHS}
        month={month}
        onMonthChange={(shown) => onMonthChange(monthKeyOf(shown, timeZone))}
        startMonth={startMonth}
        endMonth={endMonth}
        selected={selected}
        onSelect={(day) => {
          if (day) onSelect(dayKeyOf(day, timeZone));
        }}
        disabled={unavailable}
        modifiers={modifiers}
        modifiersClassNames={modifierClassNames}
        labels={labels}
        formatters={formatters}
        hideWeekdays
        dateLib={dateLib}
        components={components}
      />
    </div>
  );
});

const modifierClassNames = {
  held: 'calendar__held',
  waiting: 'calendar__waiting',
  refused: 'calendar__refused',
};

type Zoned = Date & { timeZone?: string };

/**
 * DayPicker compares every day of both months with today, the day chosen and the day focused, on
 * every drawing. date-fns does it by building each day's start again in the zone (an Intl lookup
 * per date): in a profile with the CPU slowed 4x, most of a drawing's time (bench/README.md, INP
 * on the installation step). Dates DayPicker hands over are already in the calendar's zone, so
 * their own year, month and day say the same; any other date goes to date-fns as before.
 */
function zonedComparisons(timeZone: string): Partial<DateLib> {
  const zoned = (a: Zoned, b: Zoned) => a.timeZone === timeZone && b.timeZone === timeZone;
  const sameMonth = (a: Date, b: Date) =>
    a.getMonth() === b.getMonth() && a.getFullYear() === b.getFullYear();
  return {
    isSameDay: (a, b) =>
      zoned(a, b) ? a.getDate() === b.getDate() && sameMonth(a, b) : defaultDateLib.isSameDay(a, b),
    isSameMonth: (a, b) => (zoned(a, b) ? sameMonth(a, b) : defaultDateLib.isSameMonth(a, b)),
    isBefore: (date, than) => date.getTime() < than.getTime(),
    isAfter: (date, than) => date.getTime() > than.getTime(),
  };
}

// The weekdays over each month, Monday first, named as DayPicker names them. DayPicker's own
// keys each weekday by the zoned date's toString, an Intl lookup of the zone's name: 14 per drawing,
// about a third of a drawing's time with the CPU slowed 4x (bench/README.md, INP on the
// installation step). A weekday's name is the same in every zone: written once, here.
const weekdayLib = new DateLib({ locale: enAU, weekStartsOn: 1 });
const weekdayClassNames = getDefaultClassNames();
const weekdays = Array.from({ length: 7 }, (_, index) =>
  weekdayLib.addDays(weekdayLib.startOfWeek(new Date(2026, 0, 1)), index),
).map((date) => ({
  label: labelWeekday(date, weekdayLib.options, weekdayLib),
  name: formatWeekdayName(date, weekdayLib.options, weekdayLib),
}));

/** DayPicker's month grid with the weekdays' row DayPicker draws (it is told to hide its own). */
function MonthGridWithWeekdays({ children, ...props }: MonthGridProps) {
  return (
    <table {...props}>
      <thead aria-hidden>
        <tr className={weekdayClassNames[UI.Weekdays]}>
          {weekdays.map(({ label, name }) => (
            <th
              key={label}
              aria-label={label}
              className={weekdayClassNames[UI.Weekday]}
              scope="col"
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** The day's number, as date-fns's 'd' writes it in en-AU, from the zoned date's own day. */
const formatters: Partial<Formatters> = {
  formatDay: (date) => String(date.getDate()),
};
