// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSummary } from './error-summary.tsx';
import { useErrorSummary } from './use-error-summary.ts';

// The error summary's part in a form (docs/rules/contact-and-connection.md, "The error summary").

afterEach(cleanup);

const fields = ['first', 'mobile', 'email'] as const;
const errors = {
  email: { message: 'Please enter a valid email address' },
  first: { message: 'First name is required' },
};

function Form() {
  const { attempt, onRefused, fieldItems } = useErrorSummary();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onRefused();
      }}
    >
      <ErrorSummary items={fieldItems(fields, errors, (f) => `id-${f}`)} attempt={attempt} />
      {fields.map((f) => (
        <input key={f} id={`id-${f}`} aria-label={f} />
      ))}
      <button type="submit">Continue</button>
    </form>
  );
}

describe('useErrorSummary', () => {
  it('shows nothing before the first refusal', () => {
    render(<Form />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("lists the invalid fields in the form's order after a refusal, and takes focus each time", () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'First name is required',
      'Please enter a valid email address',
    ]);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#id-first', '#id-email']);
    expect(document.activeElement).toBe(summary);
    screen.getByLabelText('mobile').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(document.activeElement).toBe(summary);
  });
});
