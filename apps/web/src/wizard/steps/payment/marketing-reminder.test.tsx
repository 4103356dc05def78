// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { contactDoneState } from '../../../test-support/wizard-state.ts';
import { reminderSaved, useMarketingReminder } from './marketing-reminder.ts';
import type { AcceptanceValues } from './use-acceptances-form.ts';

// docs/rules/mail.md, "The reminder to finish": ticking the marketing box saves the sign-up for
// the one reminder (nothing mailed now); unticking withdraws that save, even while it is saving.

/** The payment step's box: it opens ticked while a save this tab made stands (use-acceptances-form.ts). */
function Box() {
  const form = useForm<AcceptanceValues>({
    defaultValues: {
      monthlyCharge: false,
      newDevelopmentCharge: false,
      terms: false,
      marketing: reminderSaved(contactDoneState.signup.contact?.email),
    },
  });
  useMarketingReminder(form.control as Parameters<typeof useMarketingReminder>[0]);
  return (
    <label>
      <input type="checkbox" {...form.register('marketing')} />
      News
    </label>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the marketing box and the reminder', () => {
  it("saves the wizard's state once when ticked, and withdraws it with its token when unticked", async () => {
    const server = fakeServer();
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 'payment' } });
    const box = screen.getByRole('checkbox', { name: 'News' });
    fireEvent.click(box);
    await waitFor(() => expect(server.matching('POST', /signups\/remind-me$/)).toHaveLength(1));
    const [call] = server.matching('POST', /signups\/remind-me$/);
    expect(call!.url.pathname).toBe('/api/v1/demo/signups/remind-me');
    expect(call!.body).toMatchObject({
      snapshot: { state: { signup: { contact: { email: 'mary@example.com' } } } },
    });
    call!.respond(202, { withdraw_token: 'tok-1' });
    fireEvent.click(box);
    await waitFor(() => expect(server.matching('POST', /withdraw\/tok-1$/)).toHaveLength(1));
  });

  it('withdraws a save that was still on its way when the box was unticked', async () => {
    const server = fakeServer();
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 'payment' } });
    const box = screen.getByRole('checkbox', { name: 'News' });
    fireEvent.click(box);
    await waitFor(() => expect(server.matching('POST', /remind-me$/)).toHaveLength(1));
    fireEvent.click(box);
    server.matching('POST', /remind-me$/)[0]!.respond(202, { withdraw_token: 'tok-2' });
    await waitFor(() => expect(server.matching('POST', /withdraw\/tok-2$/)).toHaveLength(1));
  });

  it('after a reload the box still shows the save, and unticking it then withdraws it', async () => {
    const server = fakeServer();
    const first = renderInWizard(<Box />, { state: { ...contactDoneState, step: 'payment' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'News' }));
    await waitFor(() => expect(server.matching('POST', /remind-me$/)).toHaveLength(1));
    server.matching('POST', /remind-me$/)[0]!.respond(202, { withdraw_token: 'tok-3' });
    await waitFor(() => expect(reminderSaved('mary@example.com')).toBe(true));
    first.unmount();

    // The reload: the step opens again in the same tab.
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 'payment' } });
    const box = screen.getByRole('checkbox', { name: 'News' });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(server.matching('POST', /withdraw\/tok-3$/)).toHaveLength(1));
    expect(server.matching('POST', /remind-me$/)).toHaveLength(1);
    expect(reminderSaved('mary@example.com')).toBe(false);
  });

  it('keeps a save for its own email only: another contact opens with the box clear', async () => {
    const server = fakeServer();
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 'payment' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'News' }));
    await waitFor(() => expect(server.matching('POST', /remind-me$/)).toHaveLength(1));
    server.matching('POST', /remind-me$/)[0]!.respond(202, { withdraw_token: 'tok-4' });
    await waitFor(() => expect(reminderSaved('mary@example.com')).toBe(true));
    expect(reminderSaved('someone.else@example.com')).toBe(false);
    expect(reminderSaved(undefined)).toBe(false);
  });
});
