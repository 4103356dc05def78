import { HELP_LINKS_HEADING } from '@fibre/domain/consent';
import { useConfig } from '../config/config-context.tsx';
import { HelpLinks } from '../legal/help-links.tsx';
import { MailIcon, PhoneIcon, SocialIcon } from './icons.tsx';
import { telHref } from './header.tsx';
import './footer.css';

export function Footer() {
  const { site } = useConfig();
  return (
    <footer className="footer">
      <div className="page footer__grid">
        <div>
          <p className="footer__brand">{site.providerName}</p>
          <p className="footer__tagline">
            Fibre internet for apartments and new developments. Unlimited data, month-to-month, no
            lock-in contract.
          </p>
        </div>
        <div>
          <h2 className="footer__heading">Talk to us</h2>
          <ul className="footer__list">
            <li>
              <a href={telHref(site.supportPhone)}>
                <PhoneIcon />
                {site.supportPhone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.supportEmail}`}>
                <MailIcon />
                {site.supportEmail}
              </a>
            </li>
          </ul>
        </div>
        {/* What a telco must link on every page, as the public config lists it (a list, not code:
            the address step's JavaScript, bench/README.md): docs/rules/documents-and-consent.md. */}
        <nav aria-label={HELP_LINKS_HEADING}>
          <h2 className="footer__heading">{HELP_LINKS_HEADING}</h2>
          <HelpLinks className="footer__list" />
        </nav>
        <nav aria-label="Footer">
          <h2 className="footer__heading">Explore</h2>
          <ul className="footer__list">
            {site.navigation.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={site.billingPortalUrl}>Billing portal</a>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="footer__heading">Follow us</h2>
          <ul className="footer__social">
            {site.socialLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  <SocialIcon name={link.label} />
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="page footer__legal">
        <p>
          © {new Date().getFullYear()} {site.providerName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
