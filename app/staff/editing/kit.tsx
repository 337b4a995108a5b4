import './editing.css';
import { useState } from 'react';
import { editsInPlace } from '../../../core/accounts/staff-marker.rules.ts';
import { EditableProductName, EditableSizeTable, EditableText } from './content-edits.tsx';
import { InlineText } from './inline-text.tsx';
import { CatalogueColumn, ColumnName, MenuLabel, MenuLinks } from './menus.tsx';
import { Notices, notify } from './notices.tsx';
import { PhotoTagsEditor } from './photo-tags.tsx';
import { failureText, StaffApiError, staffApi } from './staff-api.ts';
import { st } from './texts.ts';
import { VideoTools } from './video-tools.tsx';

/** The staff member editing this page (catalogue.md §6: an editor or an admin). */
export interface SignedInEditor {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'editor';
}

interface MeAnswer {
  signedIn: boolean;
  staff: { id: string; email: string; name: string; role: string } | null;
}

/**
 * The bar every edited page shows: who edits, the data refresh (catalogue.md §7: POST
 * /api/fetch-data, then the page loads again) and the notices of saves and refusals.
 */
function EditingBar({ staff }: { staff: SignedInEditor }) {
  const [refreshing, setRefreshing] = useState(false);
  return (
    <aside className="staff-bar" aria-label={st('bar')}>
      <span className="staff-bar__who">
        {st('bar')} · {staff.name || staff.email}
        <button
          type="button"
          className="staff-button"
          disabled={refreshing}
          onClick={async () => {
            setRefreshing(true);
            try {
              await staffApi('/api/fetch-data', { method: 'POST', body: {} });
              notify(st('refreshed'));
              window.location.reload();
            } catch (error) {
              notify(failureText(error), 'error');
              setRefreshing(false);
            }
          }}
        >
          {refreshing ? st('refreshing') : st('refresh')}
        </button>
      </span>
      <Notices closeLabel={st('close')} />
    </aside>
  );
}

/** What the editing chunk gives the storefront's components (app/staff/edit-mode.ts). */
export const kit = {
  EditingBar,
  PhotoTagsEditor,
  VideoTools,
  InlineText,
  EditableText,
  EditableProductName,
  EditableSizeTable,
  MenuLinks,
  CatalogueColumn,
  ColumnName,
  MenuLabel,
  api: staffApi,
  notify,
  failureText,
  StaffApiError,
};
export type EditingKit = typeof kit;

/** Asks the staff API who is signed in; the tools only for an editor or an admin past the second factor. */
export async function startEditing(): Promise<{ staff: SignedInEditor; kit: EditingKit } | null> {
  const me = await staffApi<MeAnswer>('/api/admin/auth/me');
  if (!me.signedIn || !me.staff || !editsInPlace(me.staff.role)) return null;
  return { staff: { ...me.staff, role: me.staff.role as SignedInEditor['role'] }, kit };
}
