import { useEffect, useState } from 'react';
import { staffMessage } from '../../../core/staff-messages.ts';
import { AdminApiError } from '../api.ts';
import { useAdminLocale } from '../i18n.ts';
import { callApi } from '../ui/api-client.ts';
import { useAction } from '../ui/use-action.ts';
import { catalogueApi } from './catalogue-api.ts';
import type { Variant } from './types.ts';

/**
 * One size's stock, saved at once (managers too, DECISIONS 30). The change is sent over the figure
 * shown; when an order or a colleague moved it meanwhile, the newer figure is shown instead.
 */
export function StockInput({
  variant,
  groupId,
  onSaved,
}: {
  variant: Variant;
  groupId: string;
  onSaved?: (stock: number) => void;
}) {
  const locale = useAdminLocale();
  const t = (key: Parameters<typeof staffMessage>[0], params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const [shown, setShown] = useState(variant.stock);
  const [value, setValue] = useState(String(variant.stock));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setShown(variant.stock);
    setValue(String(variant.stock));
  }, [variant.stock]);

  const action = useAction(async (stock: number) => {
    try {
      const res = await callApi(catalogueApi.stock, { id: variant.id }, { stock, was: shown });
      setShown(res.variant.stock);
      setValue(String(res.variant.stock));
      onSaved?.(res.variant.stock);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) {
        // The message names the figure now; reload it so the next save goes over it.
        const fresh = await callApi(catalogueApi.product, { id: groupId }).catch(() => null);
        const now = fresh?.variants.find((v) => v.id === variant.id)?.stock;
        if (now !== undefined) setShown(now);
      }
      throw e;
    }
  });

  function save() {
    const stock = Number.parseInt(value, 10);
    if (!Number.isFinite(stock) || stock < 0 || String(stock) !== value.trim()) {
      action.reset();
      setInvalid(true);
      return;
    }
    setInvalid(false);
    void action.run(stock);
  }

  const error = invalid
    ? t('cat.stock.stock_is_a_whole_number_from_0')
    : (action.error ?? action.conflict?.message);
  const label = t('cat.stock.of_size', { size: variant.size || t('cat.product.one_size') });
  return (
    <span className="adm-cat__stock">
      <input
        type="number"
        min={0}
        max={100000}
        inputMode="numeric"
        aria-label={label}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setInvalid(false);
          action.reset();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          }
        }}
      />
      <button
        type="button"
        className="adm-btn"
        disabled={action.busy || value === String(shown)}
        onClick={save}
        aria-label={t('cat.stock.save_of', { label })}
      >
        {t('cat.stock.save')}
      </button>
      {error ? (
        <span className="adm-error" role="alert">
          {error}
        </span>
      ) : action.done ? (
        <span className="adm-muted" role="status">
          {t('cat.stock.saved')}
        </span>
      ) : null}
    </span>
  );
}
