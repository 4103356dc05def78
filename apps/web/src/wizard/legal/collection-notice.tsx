import { useConfig } from '../../shared/config/config-context.tsx';
import { ExternalLink } from '../../shared/ui/external-link.tsx';
import './collection-notice.css';

/**
 * The provider's collection notice where contact details are taken
 * (docs/rules/contact-and-connection.md#the-collection-notice): the order's on the contact step,
 * the lead form's own (`lead`: what a registration of interest is for and who receives it) on
 * the lead form; then the decisions the software makes about a person and how to ask for a
 * person's review, followed by a link to the privacy policy that says so
 * (docs/rules/documents-and-consent.md#decisions-the-software-makes). No link when the catalogue
 * names no privacy policy.
 */
export function CollectionNotice({ lead = false }: { lead?: boolean }) {
  const { collectionNotice, leadNotice, decisionsNotice, privacy } = useConfig().site.legal;
  return (
    <>
      <p className="collection-notice">{lead ? leadNotice : collectionNotice}</p>
      <p className="collection-notice collection-notice--next">
        {decisionsNotice}
        {privacy && (
          <>
            {' '}
            <ExternalLink href={privacy.url} className="collection-notice__link">
              {privacy.title}
            </ExternalLink>
          </>
        )}
      </p>
    </>
  );
}
