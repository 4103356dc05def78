import {
  dateLabel,
  dayKeyOf,
  monthKeyOf,
  CALENDAR_MONTHS,
  type DayKey,
  type MonthKey,
} from '@fibre/domain';
import { memo, startTransition, useMemo, type Ref } from 'react';
import { DayButton, DayPicker, type DayButtonProps } from 'react-day-picker';
import { enAU } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
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
  loading: boolean;
  /** The date error's id: every day describes itself by it while it shows. */
  errorId: string | undefined;
  ref?: Ref<HTMLDivElement>;
}

/**
 * docs/rules/installation-and-holds.md: two months, weeks starting Monday, en-AU, every date in the
 * zone of the address's state (react-day-picker draws the days in that zone, whatever the browser's
 * own). Days without a free window are disabled. Each day is named by the domain's ordinal label.
 *
 * Drawing two months of zoned days is the step's dearest work (about half a second of a desktop
 * CPU): it is memoised, and every object handed to DayPicker keeps its identity while its inputs
 * do, so only a change of month, day, loading state or free days draws the calendar again. Drawn
 * on every render, a busy machine took seconds per click and the hold countdown's tick redrew it
 * every second (issue 13: a clicked day showed no windows within 20 s).
 */
export const BookingCalendar = memo(function BookingCalendar(props: BookingCalendarProps) {
  const { timeZone, available, errorId, ref, onSelect, onMonthChange } = props;
  const unavailable = useMemo(() => {
    const keys = new Map<number, DayKey>();
    return (date: Date) => {
      let key = keys.get(date.getTime());
      if (key === undefined) {
        key = dayKeyOf(date, timeZone);
        keys.set(date.getTime(), key);
      }
      return !available.has(key);
    };
  }, [available, timeZone]);
  const components = useMemo(
    () => ({
      // A day's focus, blur and click each set DayPicker's own state and so draw both months
      // again; as transitions (bench/README.md, INP on the calendar) React draws them in slices
      // after the click's frame, and a later click (a window) goes before them.
      DayButton: function DescribedDayButton(buttonProps: DayButtonProps) {
        const { onClick, onFocus, onBlur } = buttonProps;
        return (
          <DayButton
            {...buttonProps}
            onClick={(event) => startTransition(() => onClick?.(event))}
            onFocus={(event) => startTransition(() => onFocus?.(event))}
            onBlur={(event) => startTransition(() => onBlur?.(event))}
            aria-describedby={errorId}
          />
        );
      },
    }),
    [errorId],
  );
  const labels = useMemo(() => {
    const names = new Map<number, string>();
    return {
      labelDayButton: (date: Date) => {
        let name = names.get(date.getTime());
        if (name === undefined) {
          name = dateLabel(date, timeZone);
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
  const modifiers = useMemo(
    () => ({ held: props.held ? dayStart(props.held, timeZone) : undefined }),
    [props.held, timeZone],
  );
  return (
    <div ref={ref} className="calendar" aria-busy={props.loading}>
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
        modifiersClassNames={heldClassNames}
        labels={labels}
        components={components}
        footer={props.loading ? text.loadingDates : undefined}
      />
    </div>
  );
});

const heldClassNames = { held: 'calendar__held' };
