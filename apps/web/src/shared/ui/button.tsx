import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** danger: an action that loses something (the console's destructive confirmations). */
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  ref?: Ref<HTMLButtonElement>;
  /**
   * A request this button started is running: aria-busy, a spinner, and presses do nothing. It
   * stays focusable (aria-disabled, not disabled): a disabled button drops the focus of the
   * visitor who pressed it to the page (issue 13, WCAG 2.2 SC 2.4.3).
   */
  busy?: boolean;
  block?: boolean;
  /**
   * A form's action: pressing it with a pointer leaves focus in the field being typed in. Without
   * this the press first blurs the field, its check adds a message above the button and moves the
   * button out from under the pointer, so the click never lands (issue 13: the first Continue
   * showed only the last field's message and did nothing else). Keyboards are not affected.
   */
  keepsFieldFocus?: boolean;
  children: ReactNode;
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  keepsFieldFocus = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block && 'button--block', className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onMouseDown={keepsFieldFocus ? keepFocus : undefined}
      onClick={(event) => {
        // Also keeps a busy submit button from sending its form again.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
