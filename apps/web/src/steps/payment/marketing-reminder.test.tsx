// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-support/fake-server.ts';
import { renderInWizard } from '../../test-support/render.tsx';
import { contactDoneState } from '../../test-support/wizard-state.ts';
import { useMarketingReminder } from './marketing-reminder.ts';
import type { AcceptanceValues } from './use-payment.ts';

// docs/rules/mail.md, "The reminder to finish": ticking the marketing box saves the sign-up for
// the one reminder (nothing mailed now); unticking withdraws that save, even while it is saving.

function Box() {
  const form = useForm<AcceptanceValues>({
    defaultValues: {
      monthlyCharge: false,
      newDevelopmentCharge: false,
      terms: false,
      marketing: false,
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

afterEach(() => vi.unstubAllGlobals());

describe('the marketing box and the reminder', () => {
  it("saves the wizard's state once when ticked, and withdraws it with its token when unticked", async () => {
    const server = fakeServer();
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 6 } });
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
    renderInWizard(<Box />, { state: { ...contactDoneState, step: 6 } });
    const box = screen.getByRole('checkbox', { name: 'News' });
    fireEvent.click(box);
    await waitFor(() => expect(server.matching('POST', /remind-me$/)).toHaveLength(1));
    fireEvent.click(box);
    server.matching('POST', /remind-me$/)[0]!.respond(202, { withdraw_token: 'tok-2' });
    await waitFor(() => expect(server.matching('POST', /withdraw\/tok-2$/)).toHaveLength(1));
  });
});
