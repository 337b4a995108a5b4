import { useSearchParams } from 'react-router';
import { useT } from '../i18n/index.ts';
import { useModalDialog } from '../lib/modal-dialog.ts';
import { useShop } from '../shop-context.ts';
import { CloseIcon } from './icons.tsx';
import { ProductView } from './product-view.tsx';

/** catalogue.md §2: `?product={id}` on any page opens the product in a modal and locks page scroll. */
export function ProductModal() {
  const { productModal, locale } = useShop();
  const t = useT();
  const [, setSearchParams] = useSearchParams();
  const ref = useModalDialog(productModal !== null);

  if (!productModal) return null;
  const close = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('product');
        next.delete('p');
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <dialog
      ref={ref}
      className="modal modal--product"
      aria-labelledby="product-name"
      onClose={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div className="modal__close">
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <ProductView product={productModal.product} selected={productModal.selected} locale={locale} inModal />
    </dialog>
  );
}
