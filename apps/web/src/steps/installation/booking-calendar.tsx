import {
  dateLabel,
  dayKeyOf,
  monthKeyOf,
  CALENDAR_MONTHS,
  type DayKey,
  type MonthKey,
} from '@fibre/domain';
import { useCallback, useMemo, type Ref } from 'react';
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
 * SPEC.md 2 and 9: two months, weeks starting Monday, en-AU, every date in the zone of the
 * address's state (react-day-picker draws the days in that zone, whatever the browser's own).
 * Days without a free window are disabled. Each day is named by the domain's ordinal label.
 */
export function BookingCalendar(props: BookingCalendarProps) {
  const { timeZone, available, errorId, ref } = props;
  const unavailable = useCallback(
    (date: Date) => !available.has(dayKeyOf(date, timeZone)),
    [available, timeZone],
  );
  const DescribedDayButton = useMemo(
    () =>
      function DescribedDayButton(buttonProps: DayButtonProps) {
        return <DayButton {...buttonProps} aria-describedby={errorId} />;
      },
    [errorId],
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
        month={monthStart(props.month, timeZone)}
        onMonthChange={(month) => props.onMonthChange(monthKeyOf(month, timeZone))}
        startMonth={monthStart(props.firstMonth, timeZone)}
        endMonth={monthStart(props.lastMonth, timeZone)}
        selected={props.selected ? dayStart(props.selected, timeZone) : undefined}
        onSelect={(day) => {
          if (day) props.onSelect(dayKeyOf(day, timeZone));
        }}
        disabled={unavailable}
        modifiers={{ held: props.held ? dayStart(props.held, timeZone) : undefined }}
        modifiersClassNames={{ held: 'calendar__held' }}
        labels={{
          labelDayButton: (date) => dateLabel(date, timeZone),
          labelNext: () => text.nextMonth,
          labelPrevious: () => text.previousMonth,
        }}
        components={{ DayButton: DescribedDayButton }}
        footer={props.loading ? text.loadingDates : undefined}
      />
    </div>
  );
}
