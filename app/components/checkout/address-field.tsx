import { useEffect, useId, useRef, useState } from 'react';

/** A suggestion of `GET /api/address/suggest`. */
interface AddressSuggestion {
  value: string;
  full: string;
  postalCode: string | null;
  house: boolean;
}

/** As the city field: suggestions are asked 300 ms after the last keystroke (catalogue.md §9). */
const DEBOUNCE_MS = 300;
const MIN_QUERY = 3;

/**
 * The courier address field with street and house suggestions within the chosen city (an ARIA 1.2
 * combobox: focus stays in the field, arrows move through the list, Enter or a click takes one,
 * Escape closes it). The address stays free text: a shopper may type past the suggestions, and a
 * failing service simply shows none. Without a city there are no suggestions.
 */
export function AddressField({
  label,
  hint,
  value,
  city,
  onChange,
  onBlur,
  error = null,
  required = false,
}: {
  label: string;
  hint?: string;
  value: string;
  /** The confirmed city the address lies in; null turns suggestions off. */
  city: string | null;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | null;
  required?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [options, setOptions] = useState<AddressSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  /** The text a suggestion put in the field: not asked about again until the shopper types. */
  const taken = useRef<string | null>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  useEffect(() => {
    const query = value.trim();
    if (!open || city === null || query.length < MIN_QUERY || taken.current === value) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`/api/address/suggest?q=${encodeURIComponent(query)}&city=${encodeURIComponent(city)}`, {
        signal: controller.signal,
      })
        .then((res) => (res.ok ? (res.json() as Promise<{ data?: AddressSuggestion[] }>) : { data: [] }))
        .then((body) => {
          setOptions(Array.isArray(body.data) ? body.data : []);
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setOptions([]);
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, city, open]);

  function choose(option: AddressSuggestion) {
    taken.current = option.house ? option.value : null;
    onChange(option.value.slice(0, 300));
    setOptions([]);
    setActive(-1);
    // A street without a house: the shopper goes on typing the number, and suggestions follow.
    setOpen(!option.house);
    inputRef.current?.focus();
  }

  // Typed in full already (`Тверская улица, 7`): nothing to suggest over it.
  const typedInFull = options.some((o) => o.house && o.value.toLowerCase() === value.trim().toLowerCase());
  const listOpen = open && options.length > 0 && !typedInFull;
  // On a small screen the field may sit low in the scrolled form: bring the new list into view,
  // clear of the sticky buttons bar (scroll-margin).
  useEffect(() => {
    if (listOpen) listRef.current?.scrollIntoView({ block: 'nearest' });
  }, [listOpen]);
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field field--city${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <div className="field__control">
        <input
          ref={inputRef}
          id={id}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="street-address"
          required={required}
          aria-expanded={listOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && active >= 0 ? `${id}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => {
            taken.current = null;
            onChange(e.target.value);
            setOpen(true);
          }}
          onFocus={() => {
            window.clearTimeout(blurTimer.current);
            setOpen(true);
          }}
          onBlur={() => {
            // Late enough for a click on a suggestion to land first.
            blurTimer.current = window.setTimeout(() => {
              setOpen(false);
              onBlur?.();
            }, 150);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && listOpen) {
              // Closes the suggestions, not the dialog around the field.
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
              return;
            }
            if (!listOpen) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => (a + 1) % options.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => (a <= 0 ? options.length - 1 : a - 1));
            } else if (e.key === 'Enter' && active >= 0) {
              e.preventDefault();
              const option = options[active];
              if (option) choose(option);
            }
          }}
        />
        {listOpen ? (
          // Named by the hint (`Улица, дом, корпус`): the list is of streets and houses.
          <div
            ref={listRef}
            style={{ scrollMarginBottom: '96px' }}
            id={`${id}-list`}
            className="field__options"
            role="listbox"
            tabIndex={-1}
            aria-label={hint ?? label}
          >
            {options.map((option, i) => (
              <div
                key={option.full}
                id={`${id}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={`field__option${i === active ? ' field__option--active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(option);
                }}
              >
                <span className="field__option-name">{option.value.replace(/,\s*$/, '')}</span>
                <span className="field__option-detail">{option.full}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
