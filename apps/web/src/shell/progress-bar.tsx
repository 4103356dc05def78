import { progressFor, type WizardStep } from '@fibre/domain/wizard';
import { CheckIcon } from '../shared/layout/icons.tsx';
import './progress-bar.css';

/**
 * docs/rules/wizard-flow.md: six labelled steps, shown from step 2; the labels come from the
 * domain.
 */
export function ProgressBar({ step }: { step: WizardStep }) {
  const items = progressFor(step);
  if (!items) return null;
  const current = items.findIndex((item) => item.state === 'current');
  return (
    <nav className="progress" aria-label="Progress">
      <p className="progress__summary" aria-hidden="true">
        Step {current + 1} of {items.length}: <strong>{items[current]?.label}</strong>
      </p>
      <ol className="progress__list">
        {items.map((item, index) => (
          <li
            key={item.label}
            className={`progress__item progress__item--${item.state}`}
            aria-current={item.state === 'current' ? 'step' : undefined}
          >
            <span className="progress__marker" aria-hidden="true">
              {item.state === 'done' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className="progress__label">
              {item.label}
              {item.state === 'done' && <span className="visually-hidden"> (completed)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
