import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';

export interface CityChoice {
  /** The shop's city code; 0 for a city abroad. */
  code: number;
  name: string;
  /** Shown under the name: region or country. */
  detail: string;
  countryCode: string;
  latitude?: number;
  longitude?: number;
}

/** catalogue.md §9: city suggestions are debounced 300 ms. */
const DEBOUNCE_MS = 300;

/**
 * A city chosen from suggestions (checkout.md §5): the field is invalid while its text differs
 * from the chosen city. `search` returns the options for a typed text.
 */
export function CityField({
  label,
  text,
  chosen,
  search,
  onText,
  onChoose,
  error,
  showError,
  autoFocus,
  required = true,
  hint,
  placeholder,
  selectOnFocus = false,
  onBlur,
}: {
  label: string;
  text: string;
  chosen: string | null;
  search(query: string, signal: AbortSignal): Promise<CityChoice[]>;
  onText(text: string): void;
  onChoose(city: CityChoice): void;
  error: string | null;
  showError: boolean;
  autoFocus?: boolean;
  required?: boolean;
  /** Shown under the field; the default asks to choose from the list, null shows nothing. */
  hint?: string | null;
  placeholder?: string;
  selectOnFocus?: boolean;
  onBlur?(): void;
}) {
  const t = useT();
  const id = useId();
  const [options, setOptions] = useState<CityChoice[] | null>(null);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;
  const blurTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  useEffect(() => {
    const query = text.trim();
    if (!open || query.length < 2 || query === chosen) {
      setOptions(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchRef
        .current(query, controller.signal)
        .then((found) => {
          setOptions(found);
          setActive(0);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) {
            console.error('City search failed', e);
            setOptions([]);
          }
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open, chosen]);

  function choose(city: CityChoice) {
    onChoose(city);
    setOptions(null);
    setOpen(false);
  }

  const invalid = showError && error !== null;
  const listOpen = open && options !== null;
  const hintText = hint === undefined ? t('checkout.cityHint') : hint;
  return (
    <div className={`field field--city${invalid ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? ' *' : ''}
      </label>
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the city is the first thing asked after choosing courier delivery
          autoFocus={autoFocus}
          aria-expanded={listOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={listOpen && options.length > 0 ? `${id}-${active}` : undefined}
          aria-invalid={invalid}
          aria-describedby={invalid || hintText ? `${id}-hint` : undefined}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            onText(e.target.value);
            setOpen(true);
          }}
          onFocus={(e) => {
            // Back in the field before the blur's close ran: the list stays open.
            window.clearTimeout(blurTimer.current);
            if (selectOnFocus) e.target.select();
            setOpen(true);
          }}
          onBlur={() => {
            // Late enough for a click on an option to land first.
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
            if (!listOpen || options.length === 0) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => (a + 1) % options.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => (a - 1 + options.length) % options.length);
            } else if (e.key === 'Enter') {
              e.preventDefault();
              const option = options[active];
              if (option) choose(option);
            }
          }}
        />
        {listOpen ? (
          // Options of an aria-activedescendant combobox: focus stays in the field.
          <div id={`${id}-list`} className="field__options" role="listbox" tabIndex={-1} aria-label={label}>
            {options.length === 0 ? (
              <div
                className="field__option field__option--empty"
                role="option"
                tabIndex={-1}
                aria-selected={false}
                aria-disabled
              >
                {t('checkout.cityNone')}
              </div>
            ) : (
              options.map((city, i) => (
                <div
                  key={`${city.code}-${city.name}-${city.detail}`}
                  id={`${id}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={`field__option${i === active ? ' field__option--active' : ''}`}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(city);
                  }}
                >
                  <span className="field__option-name">{city.name}</span>
                  <span className="field__option-detail">{city.detail}</span>
                </div>
              ))
            )}
          </div>
        ) : null}
      </div>
      {invalid || hintText ? (
        <p id={`${id}-hint`} className={invalid ? 'field__error' : 'field__hint'}>
          {invalid ? error : hintText}
        </p>
      ) : null}
    </div>
  );
}

/** Russian city search of the checkout (`GET /api/checkout/sdek-cities`). */
export async function searchRussianCities(query: string, signal: AbortSignal): Promise<CityChoice[]> {
  const res = await fetch(`/api/checkout/sdek-cities?query=${encodeURIComponent(query)}`, { signal });
  if (!res.ok) throw new Error(`status ${res.status}`);
  const body = (await res.json()) as {
    data: { code: number; name: string; full_name: string; latitude: number; longitude: number }[];
  };
  return body.data.map((c) => ({
    code: c.code,
    name: c.name,
    detail: c.full_name,
    countryCode: 'RU',
    latitude: c.latitude,
    longitude: c.longitude,
  }));
}

/** English city search (`GET /api/checkout/en-cities`); a failure gives no suggestions (checkout.md §8). */
export async function searchWorldCities(query: string, signal: AbortSignal): Promise<CityChoice[]> {
  const res = await fetch(`/api/checkout/en-cities?q=${encodeURIComponent(query)}`, { signal });
  if (!res.ok) throw new Error(`status ${res.status}`);
  const list = (await res.json()) as { name: string; country: string; countryCode: string }[];
  return list.map((c) => ({ code: 0, name: c.name, detail: c.country, countryCode: c.countryCode }));
}
