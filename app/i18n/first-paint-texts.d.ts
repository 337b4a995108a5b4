// `import texts from './ru.ts?first-paint'`: the first-paint part of a dictionary, cut at build time
// (vite.config.ts, app/i18n/first-paint.ts).
declare module '*?first-paint' {
  const texts: Partial<Record<import('./ru.ts').MessageKey, string>>;
  export default texts;
}
// `?later-paint`: the other first-paint texts, for the parts hydrated after the shell.
declare module '*?later-paint' {
  const texts: Partial<Record<import('./ru.ts').MessageKey, string>>;
  export default texts;
}
