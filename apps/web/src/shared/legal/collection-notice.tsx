import { useConfig } from '../config/config-context.tsx';
import { ExternalLink } from '../ui/external-link.tsx';
import './collection-notice.css';

/**
 * The provider's collection notice (the public config's legal.collectionNotice) and a link to its
 * privacy policy, shown where contact details are taken: the contact step and the lead form
 * (docs/rules/contact-and-connection.md#the-collection-notice). No link when the catalogue names
 * no privacy policy.
 */
export function CollectionNotice({ className }: { className?: string }) {
  const { collectionNotice, privacy } = useConfig().site.legal;
  return (
    <p className={['collection-notice', className].filter(Boolean).join(' ')}>
      {collectionNotice}
      {privacy && (
        <>
          {' '}
          <ExternalLink href={privacy.url} className="collection-notice__link">
            {privacy.title}
          </ExternalLink>
        </>
      )}
    </p>
  );
}
