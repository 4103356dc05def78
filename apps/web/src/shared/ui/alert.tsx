import type { ReactNode } from 'react';

interface AlertProps {
  tone: 'danger' | 'info' | 'warning';
  children: ReactNode;
  /** Errors interrupt (role alert); information waits its turn (role status). */
  live?: boolean;
  className?: string;
}

export function Alert({ tone, children, live = true, className }: AlertProps) {
  const role = !live ? undefined : tone === 'danger' ? 'alert' : 'status';
  return (
    <div className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')} role={role}>
      {children}
    </div>
  );
}
