import { useConfig } from '../config/config-context.tsx';
import { ExternalLink } from '../ui/external-link.tsx';
import './help-links.css';

/**
 * What a telco must link wherever a customer may look for it (the footer of every page, the
 * confirmation, the order page): the complaints process, the Telecommunications Industry
 * Ombudsman with its number, the financial hardship policy and family-violence support, as the
 * public config lists them (legal.links: docs/rules/documents-and-consent.md#what-a-telco-links).
 * Each opens in a new tab, so a visitor mid-order keeps the page.
 */
export function HelpLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {useConfig().site.legal.links.map((link) => (
        <li key={link.href}>
          <ExternalLink href={link.href}>{link.label}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}
