// @vitest-environment jsdom
import { finishLaterMessages as words } from '@fibre/domain/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test-support/fake-server.ts';
import { renderInWizard } from '../../test-support/render.tsx';
import { contactDoneState, orderState } from '../../test-support/wizard-state.ts';
import FinishLater from './finish-later.tsx';

// docs/rules/mail.md#finish-later: the button shows once the contact step has passed, sends the
// wizard's own serialised state with the marketing box as ticked, and says where the link went.

afterEach(() => vi.unstubAllGlobals());

describe('Email me a link to finish later', () => {
  it('is not offered before the contact step has passed', () => {
    renderInWizard(<FinishLater />, { state: { ...orderState, step: 'contact' } });
    expect(screen.queryByRole('button', { name: words.button })).toBeNull();
  });

  it("sends the wizard's state and the marketing box, then says where the link went", async () => {
    const server = fakeServer();
    renderInWizard(<FinishLater marketing={() => true} />, {
      state: { ...contactDoneState, step: 'installation' },
    });
    expect(screen.getByText(words.notice)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: words.button }));
    await waitFor(() => expect(server.matching('POST', /signups\/finish-later$/)).toHaveLength(1));
    const [call] = server.matching('POST', /signups\/finish-later$/);
    expect(call!.url.pathname).toBe('/api/v1/demo/signups/finish-later');
    expect(call!.body).toMatchObject({
      marketing: true,
      snapshot: {
        version: 3,
        state: { step: 'installation', signup: { contact: { email: 'mary@example.com' } } },
      },
    });
    call!.respond(202, { email: 'mary@example.com', expires_at: '2026-12-04T01:00:00.000Z' });
    expect(await screen.findByText(/We've emailed a link to mary@example\.com\./)).toBeTruthy();
  });

  it('says so when the link could not be sent', async () => {
    const server = fakeServer();
    renderInWizard(<FinishLater />, { state: { ...contactDoneState, step: 'connection' } });
    fireEvent.click(screen.getByRole('button', { name: words.button }));
    await waitFor(() => expect(server.matching('POST', /finish-later$/)).toHaveLength(1));
    server.matching('POST', /finish-later$/)[0]!.respond(500, { error: 'x', message: 'x' });
    expect((await screen.findByRole('alert')).textContent).toBe(words.failed);
  });

  it('says to wait, not to try again, when too many links were asked for', async () => {
    const server = fakeServer();
    renderInWizard(<FinishLater />, { state: { ...contactDoneState, step: 'connection' } });
    const button = screen.getByRole('button', { name: words.button });
    fireEvent.click(button);
    await waitFor(() => expect(server.matching('POST', /finish-later$/)).toHaveLength(1));
    server
      .matching('POST', /finish-later$/)[0]!
      .respond(429, { error: 'too_many_links', message: 'the server words' });
    expect((await screen.findByRole('alert')).textContent).toBe(words.tooMany);

    fireEvent.click(button);
    await waitFor(() => expect(server.matching('POST', /finish-later$/)).toHaveLength(2));
    const limit = 'Too many links asked for from this address: please wait a minute and try again';
    server
      .matching('POST', /finish-later$/)[1]!
      .respond(429, { error: 'rate_limited', message: limit });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(limit));
  });
});
