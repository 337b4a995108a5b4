import { useEffect, useId, useState } from 'react';
import type { CityCookie } from '../../../core/cart/cookies.rules.ts';
import { useT } from '../../i18n/index.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { CloseIcon } from '../icons.tsx';
import { type CityChoice, CityField, searchRussianCities } from './city-field.tsx';

/**
 * The city choice popup (catalogue.md §4): 'Ваш населенный пункт', a confirmation of the current
 * city, a search field and 'Сохранить'.
 */
export function CityPopup({
  open,
  current,
  onClose,
  onSave,
}: {
  open: boolean;
  current: CityCookie | null;
  onClose(): void;
  onSave(city: CityCookie): void;
}) {
  const t = useT();
  const ref = useModalDialog(open);
  const titleId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<CityChoice | null>(null);

  useEffect(() => {
    if (open) {
      setText('');
      setChosen(null);
    }
  }, [open]);

  const valid = chosen !== null && text.trim() === chosen.name;
  return (
    <dialog
      ref={ref}
      className="city-popup"
      aria-labelledby={titleId}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="city-popup__head">
        <h3 id={titleId} className="city-popup__title">
          {t('city.title')}
        </h3>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {current ? (
        <div className="city-popup__confirm">
          <p>{t('city.confirm', { city: current.name })}</p>
          <button type="button" className="button button--dark" onClick={() => onSave(current)}>
            {t('city.yes')}
          </button>
        </div>
      ) : (
        <p className="city-popup__unknown">{t('city.unknown')}</p>
      )}
      <CityField
        label={t('city.search')}
        text={text}
        chosen={chosen?.name ?? null}
        search={searchRussianCities}
        onText={setText}
        onChoose={(city) => {
          setChosen(city);
          setText(city.name);
        }}
        error={null}
        showError={false}
      />
      <button
        type="button"
        className="button button--dark city-popup__save"
        disabled={!valid}
        onClick={() => chosen && onSave({ code: chosen.code, name: chosen.name })}
      >
        {t('city.save')}
      </button>
    </dialog>
  );
}
