import { useId, type ReactNode } from 'react';
import './switch.css';

interface SwitchProps {
  /** The switch's accessible name. */
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  aside?: ReactNode;
}

/** An on/off switch (role switch) named by its visible label. */
export function Switch({ label, description, checked, onChange, aside }: SwitchProps) {
  const id = useId();
  return (
    <div className={`switch-row${checked ? ' switch-row--on' : ''}`}>
      <div className="switch-row__text">
        <span className="switch-row__label" id={`${id}-label`}>
          {label}
        </span>
        {description && (
          <span className="switch-row__description" id={`${id}-description`}>
            {description}
          </span>
        )}
        {aside}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        className="switch"
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
