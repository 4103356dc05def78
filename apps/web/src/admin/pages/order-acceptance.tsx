import type { AdminOrderAnswer } from '@fibre/domain/api';
import { otherChargeWords } from '@fibre/domain/consent';
import { whenText } from '../format.ts';

const KIND = {
  terms: 'Terms',
  privacy: 'Privacy policy',
  cis: 'Critical Information Summary',
  direct_debit: 'Direct Debit Request',
};

/**
 * What the customer was shown and agreed to (docs/rules/documents-and-consent.md): each document
 * with its version, the words of each box ticked, the marketing choice, when and from where.
 */
export function OrderAcceptance({ order }: { order: AdminOrderAnswer }) {
  const record = order.acceptance;
  return (
    <section aria-labelledby="order-acceptance" className="console-section">
      <h2 id="order-acceptance" className="console-subtitle">
        Agreed at sign-up
      </h2>
      {record === null ? (
        <p className="console-empty">
          No acceptance record: the order was placed before they were kept.
        </p>
      ) : (
        <>
          <p>
            <time dateTime={record.acceptedAt}>{whenText(record.acceptedAt)}</time>
            {' · '}from {order.clientAddress ?? 'an address no longer kept'}
            {' · '}catalogue version {record.catalogueVersion}
          </p>
          <h3 className="console-minor">Documents</h3>
          <ul className="console-list">
            {record.documents.map((doc) => (
              <li key={`${doc.kind}-${doc.url}`}>
                {KIND[doc.kind]}:{' '}
                <a href={doc.url} target="_blank" rel="noopener noreferrer">
                  {doc.title}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
                , version {doc.version ?? 'not named'}
                {doc.sha256 ? (
                  <>
                    {' '}
                    · SHA-256 <code>{doc.sha256}</code>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <h3 className="console-minor">Boxes ticked</h3>
          <ul className="console-list">
            {record.agreements.map((agreement) => (
              <li key={agreement.box}>‘{agreement.words}’</li>
            ))}
          </ul>
          <h3 className="console-minor">Marketing</h3>
          <p>
            {record.marketing.agreed ? 'Agreed' : 'Not agreed'}: ‘{record.marketing.words}’
          </p>
          {record.otherCharges.length > 0 && (
            <>
              <h3 className="console-minor">Other charges shown</h3>
              <ul className="console-list">
                {record.otherCharges.map((charge) => (
                  <li key={charge.name}>{otherChargeWords(charge)}</li>
                ))}
              </ul>
            </>
          )}
          <details>
            <summary>Collection notice shown</summary>
            <p>{record.collectionNotice}</p>
          </details>
        </>
      )}
    </section>
  );
}
