import { useId } from 'react';
import { useT } from '../../i18n/index.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { CloseIcon } from '../icons.tsx';

/** The modal window the pickup-point picker opens in, with its title and a close button. */
export function PickerDialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: React.ReactNode;
}) {
  const t = useT();
  const ref = useModalDialog(open);
  const id = useId();
  return (
    <dialog
      ref={ref}
      className="picker-dialog"
      aria-labelledby={id}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="picker-dialog__head">
        <h3 id={id} className="picker-dialog__title">
          {title}
        </h3>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {children}
    </dialog>
  );
}
