import { type FormEvent, useEffect, useState } from 'react';
import type { OrderNotesAnswer } from '../../../core/orders/orders-list.wire.ts';
import { staffMessage } from '../../../core/staff-messages.ts';
import { formatDateTime, useAdminLocale } from '../i18n.ts';
import { callApi, errorText } from '../ui/api-client.ts';
import { Drawer } from '../ui/confirm-dialog.tsx';
import { ErrorNote, StatusNote } from '../ui/notes.tsx';
import { useAction } from '../ui/use-action.ts';
import { ordersListApi } from './orders-api.ts';

/** Splits «VIP, подарок» into tags; the server checks and lower-cases them. */
function tagsOf(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/**
 * An order's internal notes and tags from the orders list (issue 34), in a drawer: notes are added
 * (never overwritten), tags saved with the list the drawer showed, so a colleague's change meanwhile
 * is a conflict that shows their tags and keeps what was typed.
 */
export function OrderNotesDrawer({
  number,
  onClose,
  onChanged,
}: {
  number: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const locale = useAdminLocale();
  const [data, setData] = useState<OrderNotesAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [tagsText, setTagsText] = useState('');
  const addNote = useAction((n: number, text: string) =>
    callApi(ordersListApi.addNote, { number: n }, { text }),
  );
  const saveTags = useAction<[number, string[], string[]], { tags: string[] }, { tags: string[] }>(
    (n, tags, before) => callApi(ordersListApi.setTags, { number: n }, { tags, before }),
  );
  const { reset: resetNote } = addNote;
  const { reset: resetTags } = saveTags;

  useEffect(() => {
    setData(null);
    setLoadError(null);
    setNote('');
    resetNote();
    resetTags();
    if (number === null) return;
    let live = true;
    callApi(ordersListApi.notes, { number })
      .then((answer) => {
        if (!live) return;
        setData(answer);
        setTagsText(answer.tags.join(', '));
      })
      .catch((e) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [number, resetNote, resetTags]);

  async function submitNote(event: FormEvent) {
    event.preventDefault();
    if (number === null || !note.trim()) return;
    const answer = await addNote.run(number, note);
    if (answer) {
      setData(answer);
      setNote('');
      onChanged();
    }
  }
  async function submitTags(event: FormEvent) {
    event.preventDefault();
    if (number === null || !data) return;
    const answer = await saveTags.run(number, tagsOf(tagsText), data.tags);
    if (answer) {
      setData({ ...data, tags: answer.tags });
      setTagsText(answer.tags.join(', '));
      onChanged();
    }
  }

  const conflictTags = saveTags.conflict?.current.tags;
  return (
    <Drawer
      open={number !== null}
      title={number === null ? '' : staffMessage('orders.notes.title', locale, { number })}
      onClose={onClose}
    >
      <ErrorNote message={loadError} />
      {data ? (
        <>
          <form onSubmit={submitTags} className="adm-stack">
            <label className="adm-field">
              {staffMessage('orders.tags.label', locale)}
              <input value={tagsText} onChange={(e) => setTagsText(e.target.value)} maxLength={330} />
            </label>
            {saveTags.conflict ? (
              <div className="adm-kit-conflict" role="alert">
                <p>{saveTags.conflict.message}</p>
                <p>
                  {staffMessage('orders.tags.now', locale, {
                    tags: conflictTags?.length
                      ? conflictTags.join(', ')
                      : staffMessage('orders.tags.none', locale),
                  })}
                </p>
                <p>{staffMessage('kit.conflict_kept', locale)}</p>
                <button
                  type="button"
                  className="adm-btn"
                  onClick={() => {
                    setData({ ...data, tags: conflictTags ?? [] });
                    saveTags.reset();
                  }}
                >
                  {staffMessage('kit.confirm', locale)}
                </button>
              </div>
            ) : null}
            <ErrorNote message={saveTags.error} />
            {saveTags.done ? <StatusNote>{staffMessage('orders.tags.saved', locale)}</StatusNote> : null}
            <button type="submit" className="adm-btn" disabled={saveTags.busy || saveTags.conflict !== null}>
              {staffMessage('orders.tags.save', locale)}
            </button>
          </form>
          <h3>{staffMessage('orders.notes.heading', locale)}</h3>
          {data.notes.length === 0 ? (
            <p className="adm-muted">{staffMessage('orders.notes.none', locale)}</p>
          ) : (
            <ul className="adm-kit-notes">
              {data.notes.map((n) => (
                <li key={n.id}>
                  <div className="adm-muted">
                    {formatDateTime(n.createdAt, locale)} · {n.author}
                  </div>
                  {n.text}
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submitNote} className="adm-stack">
            <label className="adm-field">
              {staffMessage('orders.notes.new', locale)}
              <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
            </label>
            <ErrorNote message={addNote.error} />
            {addNote.done ? <StatusNote>{staffMessage('orders.notes.added', locale)}</StatusNote> : null}
            <button
              type="submit"
              className="adm-btn adm-btn--primary"
              disabled={addNote.busy || !note.trim()}
            >
              {staffMessage('orders.notes.add', locale)}
            </button>
          </form>
        </>
      ) : loadError ? null : (
        <p className="adm-muted">{staffMessage('kit.loading', locale)}</p>
      )}
    </Drawer>
  );
}
