import { useEffect, useState } from 'react';
import { AdminApiError, adminApi, errorText } from '../api.ts';
import { useTr } from '../i18n.ts';
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
  const tr = useTr();
  const [shown, setShown] = useState(variant.stock);
  const [value, setValue] = useState(String(variant.stock));
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'ok' | 'error'; text?: string }>({
    kind: 'idle',
  });
  useEffect(() => {
    setShown(variant.stock);
    setValue(String(variant.stock));
  }, [variant.stock]);

  async function save() {
    const stock = Number.parseInt(value, 10);
    if (!Number.isFinite(stock) || stock < 0 || String(stock) !== value.trim()) {
      setState({ kind: 'error', text: tr('Остаток — целое число от 0', 'Stock is a whole number from 0') });
      return;
    }
    setState({ kind: 'busy' });
    try {
      const res = await adminApi<{ variant: Variant }>(
        `/api/admin/catalogue/variants/${encodeURIComponent(variant.id)}/stock`,
        { method: 'PUT', body: { stock, was: shown } },
      );
      setShown(res.variant.stock);
      setValue(String(res.variant.stock));
      setState({ kind: 'ok', text: tr('Сохранено', 'Saved') });
      onSaved?.(res.variant.stock);
    } catch (e) {
      if (e instanceof AdminApiError && e.status === 409) {
        // The message names the figure now; reload it so the next save goes over it.
        const fresh = await adminApi<{ variants: Variant[] }>(
          `/api/admin/catalogue/products/${encodeURIComponent(groupId)}`,
        ).catch(() => null);
        const now = fresh?.variants.find((v) => v.id === variant.id)?.stock;
        if (now !== undefined) setShown(now);
      }
      setState({ kind: 'error', text: errorText(e) });
    }
  }

  const label = tr(
    `Остаток размера ${variant.size || 'без размера'}`,
    `Stock of size ${variant.size || 'one size'}`,
  );
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
          setState({ kind: 'idle' });
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          }
        }}
      />
      <button
        type="button"
        className="adm-btn"
        disabled={state.kind === 'busy' || value === String(shown)}
        onClick={save}
        aria-label={tr(`Сохранить: ${label}`, `Save: ${label}`)}
      >
        {tr('Сохранить', 'Save')}
      </button>
      {state.text && (
        <span
          className={state.kind === 'ok' ? 'adm-muted' : 'adm-error'}
          role={state.kind === 'ok' ? 'status' : 'alert'}
        >
          {state.text}
        </span>
      )}
    </span>
  );
}
