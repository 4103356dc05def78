// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withCatalogue } from '../../../test-support/catalogue.ts';
import { fakeServer } from '../../../test-support/fake-server.ts';
import { renderInWizard } from '../../../test-support/render.tsx';
import { contactDoneState } from '../../../test-support/wizard-state.ts';
import type { WizardState } from '../../store/state.ts';
import { ConnectionDetailsStep } from './connection-details-step.tsx';

// docs/rules/contact-and-connection.md#the-buildings-units: a building that lists its units.

const notInBuilding =
  'This unit is not in this building. Please check the unit number or choose it from the list.';

const address = contactDoneState.address.value!;
const state: WizardState = {
  ...contactDoneState,
  step: 'connection',
  address: {
    ...contactDoneState.address,
    value: { ...address, uniqueCode: 'G6F7A8', mdu: true, greenfield: false },
  },
  signup: { ...contactDoneState.signup, addOns: [], connectionConfirmed: false },
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => vi.unstubAllGlobals());

const unitsCalls = () => server.matching('GET', /\/building\/G6F7A8\/units$/);
const statusCalls = () => server.matching('GET', /\/building\/G6F7A8\/units\/[^/]+$/);

function renderStep() {
  renderInWizard(<ConnectionDetailsStep />, { state, queryClient: withCatalogue(state) });
  // A text field until the list arrives, then a combobox.
  return screen.getByLabelText('Unit', { exact: true });
}

async function answerUnits(units: string[]) {
  await waitFor(() => expect(unitsCalls().length).toBe(1));
  await act(async () => unitsCalls()[0]!.respond(200, { units }));
}

function send(input: HTMLElement, unit: string) {
  fireEvent.change(input, { target: { value: unit } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('the connection step at a building that lists its units', () => {
  it('checks a Continue pressed before the list arrived, and refuses a unit the building does not have', async () => {
    const input = renderStep();
    send(input, '99');
    await answerUnits(['12', '12B']);
    expect(await screen.findByText(notInBuilding)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Unit' })).toBe(input);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Refused from the list: the server is not asked.
    expect(statusCalls()).toHaveLength(0);
    const options = [
      ...document.querySelectorAll(`datalist[id="${input.getAttribute('list')}"] option`),
    ];
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual(['12', '12B']);
  });

  it('says a connected unit is connected, with the call and the move-in, until the unit changes', async () => {
    const input = renderStep();
    await answerUnits(['12', '12B']);
    send(input, '12b');
    await waitFor(() => expect(statusCalls().length).toBe(1));
    expect(statusCalls()[0]!.url.pathname).toBe('/api/v1/public/building/G6F7A8/units/12b');
    await act(async () => statusCalls()[0]!.respond(200, { known: true, connected: true }));
    const status = await screen.findByText('This unit is already connected');
    expect(status.closest('[role="status"]')).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Call us on 1300 000 000' });
    expect(call.getAttribute('href')).toMatch(/^tel:/);
    expect(screen.getByRole('button', { name: 'Continue as a move-in' })).toBeTruthy();

    fireEvent.change(input, { target: { value: '12' } });
    expect(screen.queryByText('This unit is already connected')).toBeNull();
  });

  it('refuses a unit the server does not know, as the list would', async () => {
    const input = renderStep();
    await answerUnits(['12']);
    send(input, '12');
    await waitFor(() => expect(statusCalls().length).toBe(1));
    await act(async () => statusCalls()[0]!.respond(200, { known: false, connected: false }));
    expect(await screen.findByText(notInBuilding)).toBeTruthy();
  });
});
