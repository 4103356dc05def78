// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { renderInWizard, siteWith } from '../../../test-support/render.tsx';
import { demoRules } from '../../../test-support/rules.ts';
import { orderState } from '../../../test-support/wizard-state.ts';
import { ContactInfoStep } from './contact-info-step.tsx';

// docs/rules/contact-and-connection.md#the-collection-notice: the notice where the details are
// taken, with the privacy policy's link in a new tab.

const legal = {
  ...siteWith(demoRules).legal,
  privacy: { title: 'Acme privacy statement', url: 'https://acme.example/privacy', version: '3' },
  collectionNotice: 'Acme Broadband collects your details to connect you.',
};

describe('the contact step', () => {
  it("shows the catalogue's collection notice in the form that takes the details", () => {
    renderInWizard(<ContactInfoStep />, {
      state: { ...orderState, step: 'contact' },
      queryClient: withCatalogue(orderState),
      legal,
    });
    const form = within(screen.getByRole('textbox', { name: 'First name' }).closest('form')!);
    expect(form.getByText(legal.collectionNotice, { exact: false })).toBeTruthy();
    const link = form.getByRole('link', { name: 'Acme privacy statement (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://acme.example/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('the contact step’s error summary', () => {
  it('lists every wrong field after Continue, takes focus, and each link focuses its field', async () => {
    renderInWizard(<ContactInfoStep />, {
      state: { ...orderState, step: 'contact' },
      queryClient: withCatalogue(orderState),
      legal,
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), {
      target: { value: 'M' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile' }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'should contain at least two letters',
      'Last name is required',
      'Invalid email',
      'Email confirmation is required',
      'Please enter your mobile number as 04123456789 or +61412345678',
      'Please let us know how you heard about us',
    ]);
    fireEvent.click(links[4]!);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Mobile' }));
    fireEvent.click(links[5]!);
    expect(document.activeElement).toBe(
      screen.getByRole('combobox', { name: 'How did you hear about us?' }),
    );
  });
});
