import { useId, type KeyboardEvent, type ReactNode } from 'react';

interface ChoiceCardProps {
  /** The card's accessible name: the plan's or router's name (docs/rules/wizard-flow.md). */
  name: string;
  selected: boolean;
  /** Whether the card is the group's tab stop (roving tabindex). */
  tabStop: boolean;
  onSelect: () => void;
  badge?: string | undefined;
  /**
   * Shown inside the card's frame but outside the radio: a link there is its own control, so
   * following it (by click or by keyboard) never selects the card.
   */
  footer?: ReactNode;
  children: ReactNode;
}

const arrowSteps: Record<string, number> = {
  ArrowRight: 1,
  ArrowDown: 1,
  ArrowLeft: -1,
  ArrowUp: -1,
};

/** Moves focus to the previous or next card of the same group; Space or Enter chooses it. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const step = arrowSteps[event.key];
  if (!step) return;
  const group = event.currentTarget.closest('[role="radiogroup"]');
  const cards = Array.from(group?.querySelectorAll<HTMLButtonElement>('[role="radio"]') ?? []);
  const index = cards.indexOf(event.currentTarget);
  const next = cards[(index + step + cards.length) % cards.length];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** A selectable card: a radio named by the item's name, its details read as the description. */
export function ChoiceCard({
  name,
  selected,
  tabStop,
  onSelect,
  badge,
  footer,
  children,
}: ChoiceCardProps) {
  const id = useId();
  const card = (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      aria-labelledby={`${id}-name`}
      aria-describedby={badge ? `${id}-badge ${id}-details` : `${id}-details`}
      tabIndex={tabStop ? 0 : -1}
      className={`choice-card${selected ? ' choice-card--selected' : ''}${footer ? ' choice-card--with-footer' : ''}`}
      onClick={onSelect}
      onKeyDown={moveFocus}
    >
      <span className="choice-card__top">
        <span className="choice-card__name" id={`${id}-name`}>
          {name}
        </span>
        {badge && (
          <span className="choice-card__badge" id={`${id}-badge`}>
            {badge}
          </span>
        )}
      </span>
      <span className="choice-card__details" id={`${id}-details`}>
        {children}
      </span>
      <span className="choice-card__check" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16">
          <path
            d="M20 6L9 17l-5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    </button>
  );
  if (!footer) return card;
  return (
    <div className="choice-card-frame">
      {card}
      <div className="choice-card__footer">{footer}</div>
    </div>
  );
}
