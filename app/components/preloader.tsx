/**
 * The brand splash (DECISIONS 27, docs/decisions/0017-first-paint-and-first-start.md): only for a page that starts
 * without server-rendered content (a client-side start, React Router's `HydrateFallback`), never
 * over a server-rendered page. It goes when the app has rendered; CSS also fades it out by itself.
 */
export function Preloader({ name }: { name: string }) {
  return (
    <div className="preloader" aria-hidden="true">
      <span className="preloader__logo">{name}</span>
    </div>
  );
}
