// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary.tsx';

// GOV.UK's error summary (docs/rules/contact-and-connection.md, "The error summary").

afterEach(cleanup);

const items = [
  { id: 'first', message: 'First name is required' },
  { id: 'mobile', message: 'Please enter your mobile number as 04123456789 or +61412345678' },
];

function Form({
  attempt,
  list = items,
}: {
  attempt: number;
  list?: ReadonlyArray<ErrorSummaryItem>;
}) {
  return (
    <form>
      <ErrorSummary items={list} attempt={attempt} />
      <label htmlFor="first">First name</label>
      <input id="first" />
      <label htmlFor="mobile">Mobile</label>
      <input id="mobile" />
    </form>
  );
}

describe('ErrorSummary', () => {
  it("is 'There is a problem' with one link per field, each the field's message", () => {
    render(<Form attempt={1} />);
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(items.map((i) => i.message));
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#first', '#mobile']);
    expect(summary.contains(links[0]!)).toBe(true);
  });

  it('takes focus after each refused attempt, not before one', () => {
    const { rerender } = render(<Form attempt={0} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form attempt={1} />);
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(document.activeElement).toBe(summary);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    screen.getByLabelText('Mobile').focus();
    // The list changing as a field is put right leaves focus where it is.
    rerender(<Form attempt={1} list={items.slice(1)} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile'));
    rerender(<Form attempt={2} list={items.slice(1)} />);
    expect(document.activeElement).toBe(summary);
  });

  it('takes focus when the attempt’s problems arrive after the attempt itself', () => {
    const { rerender } = render(<Form attempt={1} list={[]} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Form attempt={1} />);
    expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'There is a problem' }));
  });

  it("moves focus to a link's field", () => {
    render(<Form attempt={1} />);
    fireEvent.click(screen.getByRole('link', { name: items[1]!.message }));
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile'));
  });

  it('uses the item’s own focus when the field is in a frame', () => {
    const focus = vi.fn();
    render(
      <Form attempt={1} list={[{ id: 'frame', message: 'Card number is required', focus }]} />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Card number is required' }));
    expect(focus).toHaveBeenCalledOnce();
  });

  it('shows nothing without problems', () => {
    render(<Form attempt={3} list={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
