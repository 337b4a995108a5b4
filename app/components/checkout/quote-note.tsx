import { useT } from '../../i18n/index.ts';
import type { SavedAddress } from '../../lib/account.ts';
import type { QuoteState } from './checkout-state.ts';

/** Under an address: the quote being loaded, or the carrier's refusal. */
export function QuoteNote({
  quote,
  savedAddress = null,
}: {
  quote: QuoteState;
  savedAddress?: SavedAddress | null;
}) {
  const t = useT();
  if (quote.status === 'loading') return <p className="checkout-form__quote">{t('checkout.loading')}</p>;
  if (quote.status === 'refused' && (quote.message || savedAddress)) {
    return (
      <p className="checkout-form__quote checkout-form__quote--error" role="alert">
        {/* checkout.md §8: a saved address whose city cannot be priced asks for another address. */}
        {savedAddress ? t('checkout.savedAddressFailed') : quote.message}
      </p>
    );
  }
  return null;
}
