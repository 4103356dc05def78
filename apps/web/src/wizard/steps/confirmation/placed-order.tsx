import type { OrderPlacedAnswer } from '@fibre/domain/api';
import { dayKeyLabel } from '@fibre/domain/scheduling';
import { storedCharges } from '@fibre/domain/pricing';
import { formatCents } from '@fibre/domain/shared';
import { HELP_LINKS_HEADING } from '@fibre/domain/consent';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { HelpLinks } from '../../../shared/legal/help-links.tsx';
import { OtherCharges } from '../../../shared/order-summary/other-charges.tsx';
import { ChargeLines } from './charge-lines.tsx';
import { text } from './text.ts';

/**
 * The placed order as the server answered it (docs/rules/orders.md#the-answer-and-the-finale):
 * its reference, the email the confirmation went to, this tab's link to the order page, and what
 * is charged when, from the prices the order stored, never a guess of the browser's.
 */
export function PlacedOrder({ placed }: { placed: OrderPlacedAnswer }) {
  const { prices } = placed;
  const { domain, site } = useConfig();
  // The stored prices, each with the card's fee: what is charged.
  const charges = storedCharges(domain, prices);
  return (
    <div className="placed-order">
      <section className="card step-section" aria-labelledby="placed-title">
        <h2 id="placed-title" className="section-title">
          {text.placedTitle}
        </h2>
        <dl className="order-details__lines">
          <div className="order-details__line placed-order__reference">
            <dt>{text.reference}</dt>
            <dd>{placed.reference ?? placed.order_id}</dd>
          </div>
        </dl>
        <p className="placed-order__emailed">{text.emailed(placed.email)}</p>
        {placed.order_page && (
          <p>
            <a className="placed-order__link" href={placed.order_page}>
              {text.orderPage}
            </a>
          </p>
        )}
      </section>
      <section className="card step-section" aria-labelledby="charges-title">
        <h2 id="charges-title" className="section-title">
          {text.chargesTitle}
        </h2>
        {/* The domain's money words (docs/rules/plans-and-pricing.md), as the summary, the mail,
            the order page and the console say them. */}
        <dl className="order-details__lines">
          <ChargeLines
            monthly={formatCents(charges.monthlyWithFeeCents)}
            firstPayment={formatCents(charges.firstPaymentWithFeeCents)}
            firstPaymentDay={dayKeyLabel(placed.first_payment_date)}
            cardFee={
              charges.feeLabel === null
                ? null
                : {
                    label: charges.feeLabel,
                    monthly: formatCents(charges.monthlyFeeCents),
                    firstPayment: formatCents(charges.firstPaymentFeeCents),
                  }
            }
          />
        </dl>
        <p className="order-details__note">
          {text.activationDay(dayKeyLabel(placed.activation_date))}
        </p>
      </section>
      {/* What a telco must link (docs/rules/documents-and-consent.md#what-a-telco-links). */}
      <section className="card step-section" aria-labelledby="help-title">
        <h2 id="help-title" className="section-title">
          {HELP_LINKS_HEADING}
        </h2>
        <HelpLinks className="help-links" />
        {site.legal.otherCharges.length > 0 && <OtherCharges charges={site.legal.otherCharges} />}
      </section>
    </div>
  );
}
