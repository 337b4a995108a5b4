import { useId } from 'react';
import { useT } from '../../i18n/index.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { CloseIcon } from '../icons.tsx';
import { Modal } from '../modal.tsx';

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
    <Modal ref={ref} className="picker-dialog" labelledBy={id} onClose={onClose}>
      <div className="picker-dialog__head">
        <h3 id={id} className="picker-dialog__title">
          {title}
        </h3>
        <button type="button" className="icon-button" aria-label={t('product.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {children}
    </Modal>
  );
}
