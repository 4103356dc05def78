// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(cleanup);
import { Button } from '../shared/ui/button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

/* docs/rules/operator-console.md (confirmations): the one confirmation every console action uses. */

function Harness({
  busy = false,
  onConfirm = () => {},
}: {
  busy?: boolean;
  onConfirm?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Revoke</Button>}
      open={open}
      onOpenChange={setOpen}
      title="Revoke the key?"
      description="This cannot be undone."
      confirm="Revoke the key"
      cancel="Keep it"
      destructive
      busy={busy}
      error={null}
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('opens with the focus on the safe choice, so Enter does not act', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await screen.findByRole('dialog', {
      name: 'Revoke the key?',
      description: 'This cannot be undone.',
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Revoke the key' }).className).toContain(
      'button--danger',
    );
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps its confirm disabled and busy while the request runs, and cannot be closed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const { rerender } = render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    rerender(<Harness busy onConfirm={onConfirm} />);
    const confirm = screen.getByRole('button', { name: 'Revoke the key' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Keep it' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Revoke the key?' })).toBeTruthy();
  });

  it('confirms with its button when not busy', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(await screen.findByRole('button', { name: 'Revoke the key' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
