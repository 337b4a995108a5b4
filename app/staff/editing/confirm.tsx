import type { ReactNode } from 'react';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { useQuestion } from '../../lib/use-question.ts';

interface Question {
  title: string;
  /** The button that says yes (a deletion's name: «Удалить тег»). */
  confirm: string;
  cancel: string;
}

/**
 * The in-place editors' «are you sure?» in place of `window.confirm`: the storefront's modal
 * (app/lib/modal-dialog.ts: focus kept inside, Escape cancels, focus returns), as the back office's
 * own confirm dialog is (app/admin/ui/confirm-dialog.tsx). `const [ask, dialog] = useStaffConfirm()`;
 * render `dialog`; `if (await ask({ title, confirm, cancel })) …`.
 */
export function useStaffConfirm(): [(q: Question) => Promise<boolean>, ReactNode] {
  const { question, ask, close } = useQuestion<Question, boolean>(false);
  return [ask, <StaffConfirm key="staff-confirm" question={question} onClose={close} />];
}

function StaffConfirm({ question, onClose }: { question: Question | null; onClose: (yes: boolean) => void }) {
  const ref = useModalDialog(question !== null);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks reaching the photo; the buttons inside take the keyboard
    <dialog
      ref={ref}
      className="staff-confirm"
      aria-labelledby="staff-confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
      // Clicks inside must not reach the photo under it (a shift-click there adds a tag).
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.stopPropagation()}
    >
      {question ? (
        <>
          <h2 id="staff-confirm-title">{question.title}</h2>
          <div className="staff-confirm__actions">
            <button type="button" className="staff-button" onClick={() => onClose(false)}>
              {question.cancel}
            </button>
            <button type="button" className="staff-button staff-button--danger" onClick={() => onClose(true)}>
              {question.confirm}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
