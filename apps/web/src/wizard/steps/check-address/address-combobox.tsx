import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import type {
  AddressPrediction,
  AddressSearch,
} from '../../adapters/address-search/address-search.ts';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { text } from './text.ts';
import { useAddressSuggestions } from './use-address-suggestions.ts';
import './address-combobox.css';

interface Props {
  search: AddressSearch;
  value: string;
  onValueChange: (value: string) => void;
  onChoose: (prediction: AddressPrediction) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** The polite status: how many suggestions were found. */
const statusWords = (count: number) => (count ? text.suggestions(count) : text.noMatches);

function PinIcon() {
  return (
    <svg className="combobox__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 21s-7-6.1-7-11.5A7 7 0 0 1 19 9.5C19 14.9 12 21 12 21z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="9.5" r="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

interface SuggestionsProps {
  listId: string;
  /** The suggestions listed: none while the list is closed. */
  options: readonly AddressPrediction[];
  active: number;
  onChoose: (prediction: AddressPrediction) => void;
  onHover: (index: number) => void;
}

/** The listbox: each suggestion's street on its first line, the rest of the address under it. */
function Suggestions({ listId, options, active, onChoose, onHover }: SuggestionsProps) {
  return (
    <ul id={listId} role="listbox" aria-label="Address suggestions" className="combobox__options">
      {options.map((option, index) => {
        const [street, ...rest] = option.description.split(', ');
        return (
          <li
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // The visible words, with the comma: a space between the two lines keeps
            // them apart in the text too, so the name contains what is seen.
            aria-label={option.description}
            className="combobox__option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
            onMouseMove={() => index !== active && onHover(index)}
          >
            <span className="combobox__option-street">{street}</span>{' '}
            {rest.length > 0 && <span className="combobox__option-rest">{rest.join(', ')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function SearchUnavailable({ id }: { id: string }) {
  const { site } = useConfig();
  return (
    <p className="combobox__empty" id={id} role="alert">
      {text.searchUnavailable(site.supportPhone)}
    </p>
  );
}

/**
 * Kept when the field loses focus, until the address changes: removed as a tap on Submit pressed
 * (and took the focus), it moved Submit from under the finger and the tap was lost
 * (docs/rules/address-and-serviceability.md).
 */
function NoMatches() {
  return (
    <p className="combobox__empty" aria-hidden="true">
      {text.noMatches}
    </p>
  );
}

type ComboboxOptions = Pick<Props, 'search' | 'value' | 'onValueChange' | 'onChoose'>;

/**
 * The combobox's state: what is searched, whether the list is open, the suggestion active, and
 * the keys: Down and Up move through the suggestions, Enter chooses, Escape closes (then clears).
 */
function useCombobox({ search, value, onValueChange, onChoose }: ComboboxOptions) {
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { options, loading, searched } = useAddressSuggestions(search, query);
  const expanded = open && options.length > 0;

  function type(next: string) {
    onValueChange(next);
    setQuery(next);
    setActive(-1);
    setOpen(true);
  }

  function choose(prediction: AddressPrediction) {
    onValueChange(prediction.description);
    setQuery(null);
    setOpen(false);
    setActive(-1);
    onChoose(prediction);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        setOpen(true);
        setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        if (expanded && active >= 0 && options[active]) {
          event.preventDefault();
          choose(options[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          type('');
        }
        break;
    }
  }

  return {
    query,
    open,
    setOpen,
    active,
    setActive,
    options,
    loading,
    searched,
    expanded,
    type,
    choose,
    onKeyDown,
  };
}

/**
 * The address autocomplete as an ARIA 1.2 combobox: a text input that owns a listbox of
 * suggestions. Down and Up move through them, Enter chooses, Escape closes (then clears), and a
 * polite status says how many were found.
 */
export function AddressCombobox({
  search,
  value,
  onValueChange,
  onChoose,
  error,
  inputRef,
}: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const downId = `${id}-down`;
  const {
    query,
    open,
    setOpen,
    active,
    setActive,
    options,
    loading,
    searched,
    expanded,
    type,
    choose,
    onKeyDown,
  } = useCombobox({ search, value, onValueChange, onChoose });
  // The provider could not be reached (say so, and keep saying it after the field loses focus).
  const down = !loading && searched && Boolean(query) && Boolean(search.unavailable?.());

  const describedBy = [hintId, down ? downId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const status = !loading && open && searched && query && !down ? statusWords(options.length) : '';

  return (
    <div className="combobox">
      <label className="field__label" htmlFor={id}>
        {text.addressLabel}
      </label>
      <p className="field__hint" id={hintId}>
        {text.addressHint}
      </p>
      <div className="combobox__control">
        <PinIcon />
        <input
          ref={inputRef}
          id={id}
          className="input combobox__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={Boolean(error)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={text.addressPlaceholder}
          value={value}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => query && setOpen(true)}
        />
        {loading && <span className="spinner combobox__spinner" aria-hidden="true" />}
        <div className="combobox__list" hidden={!expanded}>
          <Suggestions
            listId={listId}
            options={expanded ? options : []}
            active={active}
            onChoose={choose}
            onHover={setActive}
          />
          {search.attribution && <p className="combobox__attribution">{search.attribution}</p>}
        </div>
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {down ? (
        <SearchUnavailable id={downId} />
      ) : (
        !loading && searched && query && options.length === 0 && <NoMatches />
      )}
    </div>
  );
}
