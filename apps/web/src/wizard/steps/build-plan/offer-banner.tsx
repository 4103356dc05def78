import type { CurrentOffer } from '../../offers/current-offer.ts';

/**
 * The promo banner: the active offer in words and its terms. PNBF24 hides it
 * (docs/rules/offers-and-coupons.md); its wording still shows in the order summary.
 */
export function OfferBanner({ offer }: { offer: CurrentOffer }) {
  if (!offer.showsBanner || !offer.discount) return null;
  return (
    <aside className="offer-banner" aria-label="Your offer">
      <span className="offer-banner__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z" />
        </svg>
      </span>
      <div>
        <p className="offer-banner__title">
          {offer.title}: {offer.discount.in_words}
        </p>
        <p className="offer-banner__terms">{offer.discount.terms}</p>
      </div>
    </aside>
  );
}
