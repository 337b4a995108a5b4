import type { ReactNode, Ref } from 'react';

/**
 * The storefront's modal shell: a `<dialog>` opened by `useModalDialog` (app/lib/modal-dialog.ts) that
 * calls `onClose` when it closes itself (Escape, a backdrop click), not when a dialog inside it closes.
 */
export function Modal({
  ref,
  className,
  labelledBy,
  onClose,
  children,
}: {
  ref: Ref<HTMLDialogElement>;
  className: string;
  labelledBy: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
