import type { OrderPageAnswer } from '@fibre/domain/api';
import type { RefObject } from 'react';
import { Alert } from '../shared/ui/alert.tsx';
import { Button } from '../shared/ui/button.tsx';
import { momentLabel, text } from './text.ts';

interface InstallationCardProps {
  idPrefix: string;
  order: OrderPageAnswer;
  /** The window, as words. */
  when: string;
  /** Why the window cannot change, when the page says so. */
  rescheduleRefusal: string | null;
  refusalRef: RefObject<HTMLDivElement | null>;
  rescheduling: boolean;
  onReschedule: () => void;
}

/** The installation's window and address, and the way to change it (docs/rules/order-page.md). */
export function InstallationCard({
  idPrefix: ids,
  order,
  when,
  rescheduleRefusal,
  refusalRef,
  rescheduling,
  onReschedule,
}: InstallationCardProps) {
  const { window: slot } = order;
  const city = slot.time_zone.split('/')[1]?.replace(/_/g, ' ') ?? slot.time_zone;
  const cancelled = order.status === 'cancelled';
  return (
    <section className="card step-section order-page__card" aria-labelledby={`${ids}-install`}>
      <h2 id={`${ids}-install`} className="section-title">
        {text.installationTitle}
      </h2>
      <p className={`order-page__window${cancelled ? ' order-page__window--cancelled' : ''}`}>
        {when}
      </p>
      <p className="order-page__address">{order.address}</p>
      <p className="section-intro">{text.zoneNote(city)}</p>
      {order.changeable_until && (order.can_reschedule.allowed || order.can_cancel.allowed) && (
        <p className="order-page__until">
          {text.changeUntil(momentLabel(order.changeable_until, slot.time_zone))}
        </p>
      )}
      {rescheduleRefusal && (
        <div ref={refusalRef} tabIndex={-1} className="order-page__notice">
          <Alert tone="warning" live={false} className="order-page__alert">
            <p>{rescheduleRefusal}</p>
          </Alert>
        </div>
      )}
      {order.can_reschedule.allowed && !rescheduling && (
        <div className="order-page__actions">
          <Button id={`${ids}-reschedule`} variant="secondary" onClick={onReschedule}>
            {text.reschedule}
          </Button>
        </div>
      )}
    </section>
  );
}
