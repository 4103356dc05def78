import { messages } from '@fibre/domain/shared';
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import './error-summary.css';

export interface ErrorSummaryItem {
  /** The id of the field the link moves focus to. */
  id: string;
  /** The field's own error message, word for word. */
  message: string;
  /** Moves focus to the field when its id is not in this document (a card vault's frame). */
  focus?: () => void;
}

interface ErrorSummaryProps {
  items: readonly ErrorSummaryItem[];
  /**
   * Goes up with every refused Continue or Submit: the summary then takes focus (again), so the
   * visitor starts at the list of what to put right.
   */
  attempt: number;
}

/**
 * GOV.UK's error summary (docs/rules/contact-and-connection.md, "The error summary"): at the top of
 * the form, a box headed 'There is a problem' with one link per invalid field, the link's words the
 * field's own message; following a link moves focus to the field. The box takes focus
 * (tabIndex -1) after every refused Continue or Submit and is an alert, so it is read out.
 */
export function ErrorSummary({ items, attempt }: ErrorSummaryProps) {
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  // The attempt whose summary took focus. Only a new attempt moves focus, once its problems have
  // arrived (react-hook-form reports a refusal before it publishes the errors); the list changing
  // as fields are put right does not.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (!shown || attempt <= focusedFor.current) return;
    focusedFor.current = attempt;
    box.current?.focus();
  });
  if (!shown) return null;

  const follow = (item: ErrorSummaryItem) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (item.focus) return item.focus();
    const field = document.getElementById(item.id);
    if (!field) return;
    // The field's label is above it: show both, below the sticky header.
    field.scrollIntoView?.({ block: 'center' });
    field.focus({ preventScroll: true });
  };

  return (
    <div ref={box} className="error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="error-summary__title">
        {messages.errorSummaryHeading}
      </h2>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={follow(item)}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
