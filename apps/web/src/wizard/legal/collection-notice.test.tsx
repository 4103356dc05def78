// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmbeddedLeadForm } from '../adapters/lead-form/embedded-lead-form.tsx';
import { renderInWizard, siteWith } from '../../test-support/render.tsx';
import { demoRules } from '../../test-support/rules.ts';
import { CollectionNotice } from './collection-notice.tsx';

// docs/rules/contact-and-connection.md#the-collection-notice: the provider's notice and a link to
// its privacy policy, in a new tab, wherever contact details are taken.

const legal = siteWith(demoRules).legal;
const acmeLegal = {
  ...legal,
  privacy: { title: 'Acme privacy statement', url: 'https://acme.example/privacy', version: '3' },
  collectionNotice: 'Acme Broadband collects your details to connect you.',
  leadNotice: 'Acme Broadband keeps your registration only to tell you when we reach you.',
  decisionsNotice: 'Acme Broadband’s software decides whether your address is served.',
};

function expectNotice(root: HTMLElement, notice: string, privacy: { title: string; url: string }) {
  expect(within(root).getByText(notice, { exact: false })).toBeTruthy();
  const link = within(root).getByRole('link', { name: `${privacy.title} (opens in a new tab)` });
  expect(link.getAttribute('href')).toBe(privacy.url);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener noreferrer');
}

describe('the collection notice', () => {
  it("shows the catalogue's words and links its privacy policy in a new tab", () => {
    renderInWizard(<CollectionNotice />, { legal: acmeLegal });
    expectNotice(document.body, acmeLegal.collectionNotice, acmeLegal.privacy);
    expect(screen.queryByText(acmeLegal.leadNotice)).toBeNull();
  });

  it('names the decisions the software makes, the privacy policy linked after them', () => {
    renderInWizard(<CollectionNotice />, { legal: acmeLegal });
    const decisions = screen.getByText(acmeLegal.decisionsNotice, { exact: false });
    expect(within(decisions).getByRole('link').getAttribute('href')).toBe(acmeLegal.privacy.url);
  });

  it('has no link when the catalogue names no privacy policy', () => {
    const { privacy: _none, ...withoutPrivacy } = acmeLegal;
    renderInWizard(<CollectionNotice />, { legal: withoutPrivacy });
    expect(screen.getByText(acmeLegal.collectionNotice)).toBeTruthy();
    expect(screen.getByText(acmeLegal.decisionsNotice)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is the lead form’s own on the lead form for an address not served yet', () => {
    renderInWizard(<EmbeddedLeadForm formattedAddress="1 Far Road, Darwin NT 0800" />, {
      legal: acmeLegal,
    });
    const form = screen.getByRole('form', { name: 'Register your address' });
    expectNotice(form, acmeLegal.leadNotice, acmeLegal.privacy);
    expect(within(form).getByText(acmeLegal.decisionsNotice, { exact: false })).toBeTruthy();
    expect(within(form).queryByText(acmeLegal.collectionNotice)).toBeNull();
  });
});
