import type { OtherCharge } from '@fibre/domain/api';
import { formatCents } from '@fibre/domain/shared';

/** 'Missed appointment fee $99.00 — if nobody is home for the booked installation window'. */
export const otherChargeText = (charge: OtherCharge) =>
  `${charge.name} ${formatCents(Math.round(charge.amount * 100))} — ${charge.when}`;

/**
 * The charges a customer may meet after the sale (the catalogue's other_charges), shown with the
 * minimum total cost before they pay (docs/rules/contact-and-connection.md#payment-step-6).
 */
export function OtherCharges({ charges }: { charges: readonly OtherCharge[] }) {
  return (
    <section className="summary__other" aria-labelledby="other-charges-title">
      <h3 id="other-charges-title" className="summary__other-title">
        Other charges you may have to pay
      </h3>
      <ul className="summary__other-list">
        {charges.map((charge) => (
          <li key={charge.name}>{otherChargeText(charge)}</li>
        ))}
      </ul>
    </section>
  );
}
