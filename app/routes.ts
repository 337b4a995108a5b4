import { index, type RouteConfig, route } from '@react-router/dev/routes';

// DECISIONS 2: the Russian edition at the root, the English one under /en with the same routes.
export default [
  index('routes/home.tsx', { id: 'home-ru' }),
  route('en', 'routes/home.tsx', { id: 'home-en' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
