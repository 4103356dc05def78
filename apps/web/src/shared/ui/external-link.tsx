import type { ReactNode } from 'react';

/** What a screen reader hears after a link that opens a new tab (the words are not shown). */
export const opensInNewTab = '(opens in a new tab)';

interface Props {
  href: string;
  children: ReactNode;
  className?: string;
  /** Words a screen reader hears after the visible ones (before the new-tab note), e.g. whose. */
  screenReaderText?: string;
}

/**
 * A link to another site's document (the provider's terms, privacy policy, a plan's Critical
 * Information Summary): it opens in a new tab, without handing the new page this one
 * (noopener noreferrer), and says so to screen readers. An ordinary link, so Tab reaches it.
 */
export function ExternalLink({ href, children, className, screenReaderText }: Props) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}{' '}
      {/* The space before is outside: a name is computed from the span's text trimmed. */}
      <span className="visually-hidden">
        {screenReaderText ? `${screenReaderText} ${opensInNewTab}` : opensInNewTab}
      </span>
    </a>
  );
}
