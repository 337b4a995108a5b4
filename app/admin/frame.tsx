import { useEffect, useState } from 'react';
import { storedAdminLocale } from './api.ts';
import { type AdminLocale, AdminLocaleContext, useTr } from './i18n.ts';

/** The back office's language, chosen by the staff member and kept on this device. */
export function AdminLocaleProvider({
  children,
  hydrating = false,
}: {
  children: React.ReactNode;
  /** Drawn by the server too: start in Russian as the server did, then take the device's choice. */
  hydrating?: boolean;
}) {
  const [locale, setLocaleState] = useState<AdminLocale>(() => (hydrating ? 'ru' : storedAdminLocale()));
  useEffect(() => {
    if (hydrating) setLocaleState(storedAdminLocale());
  }, [hydrating]);
  const setLocale = (next: AdminLocale) => {
    localStorage.setItem('shi-admin-lang', next);
    document.documentElement.lang = next;
    setLocaleState(next);
  };
  return <AdminLocaleContext.Provider value={{ locale, setLocale }}>{children}</AdminLocaleContext.Provider>;
}

export function LanguageSwitch() {
  return (
    <AdminLocaleContext.Consumer>
      {({ locale, setLocale }) => (
        <fieldset className="adm-lang" aria-label="Язык / Language">
          <button type="button" aria-pressed={locale === 'ru'} onClick={() => setLocale('ru')}>
            RU
          </button>
          <button type="button" aria-pressed={locale === 'en'} onClick={() => setLocale('en')}>
            EN
          </button>
        </fieldset>
      )}
    </AdminLocaleContext.Consumer>
  );
}

export function AdminLoading() {
  return (
    <div className="adm-auth">
      <p className="adm-muted" aria-live="polite">
        …
      </p>
    </div>
  );
}

/** The card of the pages a staff member meets before the back office (sign-in, first setup, an invitation). */
export function AuthCard({ children }: { children: React.ReactNode }) {
  const tr = useTr();
  return (
    <div className="adm-auth">
      <div className="adm-card">
        <div className="adm-row" style={{ justifyContent: 'space-between', marginBottom: 8 }}>
          <span className="adm-muted">{tr('Панель управления', 'Back office')}</span>
          <LanguageSwitch />
        </div>
        {children}
      </div>
    </div>
  );
}
