import { useId, useState, type MouseEvent } from 'react';
import { useConfig } from '../config/config-context.tsx';
import { LogoMark, MenuIcon, PhoneIcon, SocialIcon, UserIcon } from './icons.tsx';
import './header.css';

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The site header: brand, navigation, support phone, social links and the billing sign-in.
 * `onBrand`: what the brand's link does besides going to '/' (the wizard starts afresh after a
 * placed order, docs/rules/wizard-flow.md); it may prevent the page load.
 */
export function Header({ onBrand }: { onBrand?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  const { site } = useConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  return (
    <header className="header">
      <div className="page header__bar">
        <a className="header__brand" href="/" onClick={onBrand}>
          <LogoMark />
          <span>{site.providerName}</span>
        </a>
        <a className="header__phone header__phone--compact" href={telHref(site.supportPhone)}>
          <PhoneIcon />
          <span className="visually-hidden">Call us on </span>
          <span className="header__phone-number">{site.supportPhone}</span>
        </a>
        <button
          type="button"
          className="header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <MenuIcon />
          Menu
        </button>
        <div id={menuId} className={`header__menu${menuOpen ? ' header__menu--open' : ''}`}>
          <nav aria-label="Site" className="header__nav">
            <ul>
              {site.navigation.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className="header__social" aria-label="Social media">
            {site.socialLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-label={link.label}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <SocialIcon name={link.label} />
                </a>
              </li>
            ))}
          </ul>
          <a className="header__phone header__phone--wide" href={telHref(site.supportPhone)}>
            <PhoneIcon />
            <span className="visually-hidden">Call us on </span>
            {site.supportPhone}
          </a>
          <a className="button button--secondary header__sign-in" href={site.billingPortalUrl}>
            <UserIcon />
            Sign in
          </a>
        </div>
      </div>
    </header>
  );
}
