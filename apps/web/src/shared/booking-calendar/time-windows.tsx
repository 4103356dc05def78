import type { BookingSlot } from '@fibre/domain/api';
import { slotLabel } from '@fibre/domain/scheduling';
import type { Ref } from 'react';
import { Button } from '../ui/button.tsx';
import { text } from './text.ts';

export type WindowSlot = Pick<BookingSlot, 'booking_id' | 'start' | 'end'>;

interface TimeWindowsProps {
  /** The chosen day's label ('Monday 3rd March'), or null before a day is chosen. */
  dayLabel: string | null;
  slots: readonly WindowSlot[];
  timeZone: string;
  heldId: string | null;
  /** The window whose hold is being asked for. */
  pendingId: string | null;
  /** Windows are loading or a hold is running: nothing can be chosen meanwhile. */
  busy: boolean;
  errorId: string | undefined;
  onChoose: (slot: WindowSlot) => void;
  ref?: Ref<HTMLDivElement>;
}

const LEAD = 'Arrival between ';

/** 'Arrival between' small over the times, which are what the eye looks for; one name still. */
function WindowLabel({ label }: { label: string }) {
  if (!label.startsWith(LEAD)) return <span>{label}</span>;
  return (
    <span className="time-window__label">
      <span className="time-window__lead">{LEAD}</span>
      <span className="time-window__times">{label.slice(LEAD.length)}</span>
    </span>
  );
}

/**
 * The chosen day's arrival windows, one button each, named 'Arrival between 8:00am and 10:00am'
 * (the domain's slotLabel). The held one is pressed. Choosing one holds it at once.
 */
export function TimeWindows(props: TimeWindowsProps) {
  const { dayLabel, slots, timeZone, heldId, pendingId, busy, errorId, ref } = props;
  if (!dayLabel) return <p className="time-windows__empty">{text.pickDateFirst}</p>;
  return (
    <div ref={ref} className="time-windows" aria-busy={busy}>
      <h3 className="time-windows__title">{text.windowsOn(dayLabel)}</h3>
      {slots.length === 0 ? (
        <p className="time-windows__empty">{busy ? text.loadingWindows : text.noWindows}</p>
      ) : (
        <ul className="time-windows__list">
          {slots.map((slot) => {
            const held = slot.booking_id === heldId;
            return (
              <li key={slot.booking_id}>
                <Button
                  variant="secondary"
                  block
                  className={`time-window${held ? ' time-window--held' : ''}`}
                  aria-pressed={held}
                  aria-describedby={errorId}
                  busy={pendingId === slot.booking_id}
                  disabled={busy && pendingId !== slot.booking_id}
                  onClick={() => props.onChoose(slot)}
                >
                  <WindowLabel label={slotLabel(slot, timeZone)} />
                  {held && (
                    <svg
                      className="time-window__tick"
                      viewBox="0 0 24 24"
                      width="20"
                      height="20"
                      aria-hidden="true"
                    >
                      <path
                        d="M5 12.5l4.5 4.5L19 7.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2.5"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  )}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
