import { type ReactNode, useCallback } from 'react';
import { staffMessage } from '../../../core/staff-messages.ts';
import { useModalDialog } from '../../lib/modal-dialog.ts';
import { useQuestion } from '../../lib/use-question.ts';
import { useAdminLocale } from '../i18n.ts';

interface Question {
  title: string;
  text?: ReactNode;
  confirm?: string;
  danger?: boolean;
}

/**
 * The back office's «are you sure?» (issue 34), in place of `window.confirm`: the storefront's modal
 * (app/lib/modal-dialog.ts: focus kept inside, Escape cancels, focus returns). `const [ask, dialog] =
 * useConfirm()`; render `dialog`; `if (await ask({ title })) …`.
 */
export function useConfirm(): [(q: Question) => Promise<boolean>, ReactNode] {
  const { question, ask, close } = useQuestion<Question, boolean>(false);
  return [ask, <ConfirmDialog key="confirm" question={question} onClose={close} />];
}

function ConfirmDialog({
  question,
  onClose,
}: {
  question: Question | null;
  onClose: (yes: boolean) => void;
}) {
  const locale = useAdminLocale();
  const ref = useModalDialog(question !== null);
  return (
    <dialog
      ref={ref}
      className="adm-kit-dialog"
      aria-labelledby="adm-confirm-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
    >
      {question ? (
        <>
          <h2 id="adm-confirm-title">{question.title}</h2>
          {question.text ? <div className="adm-kit-dialog__text">{question.text}</div> : null}
          <div className="adm-kit-dialog__actions">
            <button type="button" className="adm-btn" onClick={() => onClose(false)}>
              {staffMessage('kit.cancel', locale)}
            </button>
            <button
              type="button"
              className={`adm-btn ${question.danger ? 'adm-btn--danger' : 'adm-btn--primary'}`}
              onClick={() => onClose(true)}
            >
              {question.confirm ?? staffMessage('kit.confirm', locale)}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}

interface Prompt {
  title: string;
  /** The field's label. */
  label: string;
  value?: string;
  maxLength?: number;
  confirm?: string;
}

/**
 * The back office's «type a name» question, in place of `window.prompt` (same modal as `useConfirm`):
 * `const [askText, dialog] = usePrompt()`; render `dialog`; `const name = await askText({ title, label })`
 * gives the trimmed text, or null when cancelled or left empty.
 */
export function usePrompt(): [(q: Prompt) => Promise<string | null>, ReactNode] {
  const { question, ask, close: answer } = useQuestion<Prompt, string | null>(null);
  const close = useCallback((text: string | null) => answer(text?.trim() ? text.trim() : null), [answer]);
  return [ask, <PromptDialog key="prompt" question={question} onClose={close} />];
}

function PromptDialog({
  question,
  onClose,
}: {
  question: Prompt | null;
  onClose: (text: string | null) => void;
}) {
  const locale = useAdminLocale();
  const ref = useModalDialog(question !== null);
  return (
    <dialog
      ref={ref}
      className="adm-kit-dialog"
      aria-labelledby="adm-prompt-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose(null);
      }}
    >
      {question ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onClose(String(new FormData(e.currentTarget).get('text') ?? ''));
          }}
        >
          <h2 id="adm-prompt-title">{question.title}</h2>
          <label className="adm-field">
            {question.label}
            <input
              name="text"
              defaultValue={question.value ?? ''}
              maxLength={question.maxLength}
              required
              autoFocus
            />
          </label>
          <div className="adm-kit-dialog__actions">
            <button type="button" className="adm-btn" onClick={() => onClose(null)}>
              {staffMessage('kit.cancel', locale)}
            </button>
            <button type="submit" className="adm-btn adm-btn--primary">
              {question.confirm ?? staffMessage('kit.confirm', locale)}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}

/** A side panel on the same modal (a row's details without leaving the list); a sheet on a phone. */
export function Drawer({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const locale = useAdminLocale();
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="adm-kit-drawer"
      aria-labelledby="adm-drawer-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <div className="adm-kit-drawer__head">
            <h2 id="adm-drawer-title">{title}</h2>
            <button type="button" className="adm-btn" onClick={onClose}>
              {staffMessage('kit.close', locale)}
            </button>
          </div>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
