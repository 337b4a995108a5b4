import { describe, expect, it } from 'vitest';
import { configuredCounters, gtmScript, metrikaScript, withAnalyticsHosts } from './analytics.rules.ts';

const policy =
  "default-src 'self';script-src 'self' 'nonce-abc';img-src 'self' data:;connect-src 'self';object-src 'none'";

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name);

describe('analytics counters', () => {
  it('loads nothing and leaves the policy alone when no counter is set', () => {
    expect(configuredCounters(undefined)).toBeNull();
    expect(configuredCounters({})).toBeNull();
    expect(withAnalyticsHosts(policy, undefined)).toBe(policy);
    expect(withAnalyticsHosts(policy, {})).toBe(policy);
  });

  it('admits Google Tag Manager hosts only for a GTM id, keeping the nonce', () => {
    const csp = withAnalyticsHosts(policy, { gtmId: 'GTM-AB12CD' });
    expect(directive(csp, 'script-src')).toEqual([
      'script-src',
      "'self'",
      "'nonce-abc'",
      'https://www.googletagmanager.com',
    ]);
    expect(directive(csp, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(csp).not.toContain('mc.yandex');
    // A directive the policy lacked starts from default-src.
    expect(directive(csp, 'frame-src')).toEqual(['frame-src', "'self'", 'https://www.googletagmanager.com']);
    expect(directive(csp, 'object-src')).toEqual(['object-src', "'none'"]);
  });

  it('admits Metrica hosts for a counter number, both sets for both', () => {
    const metrika = withAnalyticsHosts(policy, { metrikaId: '98765432' });
    expect(directive(metrika, 'script-src')).toContain('https://mc.yandex.ru');
    expect(directive(metrika, 'img-src')).toEqual([
      'img-src',
      "'self'",
      'data:',
      'https://mc.yandex.ru',
      'https://mc.yandex.com',
    ]);
    expect(metrika).not.toContain('googletagmanager');
    const both = withAnalyticsHosts(policy, { gtmId: 'GTM-AB12CD', metrikaId: '98765432' });
    expect(directive(both, 'script-src')).toEqual([
      'script-src',
      "'self'",
      "'nonce-abc'",
      'https://www.googletagmanager.com',
      'https://mc.yandex.ru',
    ]);
  });

  it('starts GTM on the shared dataLayer and Metrica reading ecommerce from it', () => {
    const gtm = gtmScript('GTM-AB12CD');
    expect(gtm).toContain('w.dataLayer=w.dataLayer||[]');
    expect(gtm).toContain('"GTM-AB12CD"');
    expect(gtm).toContain('https://www.googletagmanager.com/gtm.js?id=');
    const ym = metrikaScript('98765432');
    expect(ym).toContain("w.ym(98765432,'init',{ecommerce:'dataLayer'");
    expect(ym).toContain('https://mc.yandex.ru/metrika/tag.js');
  });

  it('runs the inline starts: events pushed before and after reach the one dataLayer both read', () => {
    const calls: unknown[][] = [];
    const appended: { src: string }[] = [];
    const w: Record<string, unknown> = {};
    const d = {
      createElement: () => ({ async: false, src: '' }),
      head: { appendChild: (s: { src: string }) => appended.push(s) },
    };
    new Function('window', 'document', gtmScript('GTM-AB12CD'))(w, d);
    new Function('window', 'document', metrikaScript('98765432'))(w, d);
    const layer = w.dataLayer as unknown[];
    layer.push({ event: 'add_to_cart', ecommerce: { items: [] } });
    expect(layer[0]).toMatchObject({ event: 'gtm.js' });
    expect(layer.at(-1)).toEqual({ event: 'add_to_cart', ecommerce: { items: [] } });
    expect(appended.map((s) => s.src)).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://mc.yandex.ru/metrika/tag.js',
    ]);
    const ym = w.ym as { a: IArguments[] };
    calls.push(...ym.a.map((a) => [...a]));
    expect(calls).toEqual([[98765432, 'init', expect.objectContaining({ ecommerce: 'dataLayer' })]]);
  });
});
