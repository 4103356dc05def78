// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acmeRules, demoRules } from '../../../test-support/rules.ts';
import '../../../test-support/render.tsx';
import { plans } from '../../../test-support/wizard-state.ts';
import { PlanCarousel } from './plan-carousel.tsx';

function renderCards(rules = demoRules) {
  const onSelect = vi.fn();
  render(<PlanCarousel plans={plans} rules={rules} selectedId={null} onSelect={onSelect} />);
  return onSelect;
}

const card = (name: string) => screen.getByRole('radio', { name });
const cis = (plan: string) =>
  screen.getByRole('link', {
    name: `Critical Information Summary for ${plan} (opens in a new tab)`,
  });

describe('a plan card', () => {
  it("shows the plan's typical evening (busy-hour) speed beside its tier speed", () => {
    renderCards();
    expect(card('Boost 100').textContent).toContain('Typical evening speed 95 Mbps');
    expect(card('Streamer 250').textContent).toContain('Typical evening speed 230 Mbps');
  });

  it("links the plan's Critical Information Summary in a new tab", () => {
    renderCards();
    const link = cis('Boost 100');
    expect(link.getAttribute('href')).toBe('https://demofibre.example/cis/boost-100.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // Outside the radio: a link inside a button is neither valid nor reachable.
    expect(card('Boost 100').contains(link)).toBe(false);
  });

  it('has no link when the catalogue gives the plan no CIS', () => {
    renderCards();
    expect(screen.queryByRole('link', { name: /Streamer 250/ })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it("badges the catalogue's Most Popular plans", () => {
    renderCards(demoRules);
    expect(within(card('Boost 100')).queryByText('Popular')).not.toBeNull();
    expect(within(card('Starter 25')).queryByText('Popular')).toBeNull();
  });

  it("badges another catalogue's Most Popular plans", () => {
    renderCards(acmeRules);
    expect(within(card('Starter 25')).queryByText('Popular')).not.toBeNull();
    expect(within(card('Boost 100')).queryByText('Popular')).toBeNull();
  });

  it('is selected by a click on it, never by following its CIS link', async () => {
    const onSelect = renderCards();
    // jsdom cannot open the document; what matters is what the click reaches.
    document.addEventListener('click', (event) => event.preventDefault());
    const user = userEvent.setup();
    await user.click(cis('Boost 100'));
    expect(onSelect).not.toHaveBeenCalled();
    cis('Boost 100').focus();
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    await user.click(card('Boost 100'));
    expect(onSelect).toHaveBeenCalledWith('boost-100');
  });
});
