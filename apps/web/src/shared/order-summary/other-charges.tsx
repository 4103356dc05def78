import type { OtherCharge } from '@fibre/domain/api';
import { OTHER_CHARGES_HEADING, otherChargeWords } from '@fibre/domain/consent';
import './other-charges.css';

/** The words the mail and the console use too (@fibre/domain/consent). */
export const otherChargeText = otherChargeWords;

/**
 * The charges a customer may meet after the sale (the catalogue's other_charges), shown with the
 * minimum total cost before they pay (docs/rules/contact-and-connection.md#payment-step-6).
 */
export function OtherCharges({ charges }: { charges: readonly OtherCharge[] }) {
  return (
    <section className="summary__other" aria-labelledby="other-charges-title">
      <h3 id="other-charges-title" className="summary__other-title">
        {OTHER_CHARGES_HEADING}
      </h3>
      <ul className="summary__other-list">
        {charges.map((charge) => (
          <li key={charge.name}>{otherChargeText(charge)}</li>
        ))}
      </ul>
    </section>
  );
}
