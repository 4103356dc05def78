import { progressFor, type ProgressItem, type WizardStep } from '@fibre/domain/wizard';
import { CheckIcon } from '../../shared/layout/icons.tsx';
import './progress-bar.css';

/**
 * docs/rules/wizard-flow.md: six labelled steps, shown from Build Plan on; the labels come from the
 * domain.
 */
export function ProgressBar({
  step,
  orderFailed = false,
}: {
  step: WizardStep;
  orderFailed?: boolean;
}) {
  const items = progressItems(step, orderFailed);
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

/**
 * The domain's progress, except on a confirmation whose order was not placed (a decline, an expired
 * hold, a failure): Payment is then not shown done, as nothing was paid (docs/rules/wizard-flow.md).
 * Here rather than in the domain: the first screen's bundle carries the domain's step model.
 */
export function progressItems(step: WizardStep, orderFailed: boolean): ProgressItem[] | null {
  const items = progressFor(step);
  if (!items || !orderFailed || step !== 'confirmation') return items;
  return items.map((item) =>
    item.label === 'Payment' ? { ...item, state: 'upcoming' as const } : item,
  );
}
