import './marking.css';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { displayMarkCode } from '../../../core/marking/mark-code.rules.ts';
import { type StaffMessageKey, staffMessage } from '../../../core/staff-messages.ts';
import { formatDateTime, formatMoney, useAdminLocale } from '../i18n.ts';
import { callApi, errorText } from '../ui/api-client.ts';
import { useAction } from '../ui/use-action.ts';
import { deskApi, type MarkingAnswer } from './desk-api.ts';

/** The browser's barcode reader (Chrome on Android, Safari 17+ behind no flag), where present. */
interface BarcodeReader {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeReaderClass = new (options: { formats: string[] }) => BarcodeReader;

function barcodeReaderClass(): BarcodeReaderClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

/**
 * Packing of marked goods on the back office's order page (docs/product/marking.md): one field takes
 * each unit's DataMatrix code (a USB scanner types it and presses Enter); on a phone the camera reads
 * it through the browser's BarcodeDetector where there is one, otherwise the field is the way. Below,
 * the order's settlement receipt as it went to the bank. Shows nothing for an order without marked
 * goods and without a settlement receipt.
 */
export function MarkingPanel({ number, version }: { number: number; version: number }) {
  const locale = useAdminLocale();
  const say = (key: StaffMessageKey, params?: Record<string, string | number>) =>
    staffMessage(key, locale, params);
  const [data, setData] = useState<MarkingAnswer | null>(null);
  const [code, setCode] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [camera, setCamera] = useState<'off' | 'on' | 'none'>('off');
  const field = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);

  // Reloaded whenever the order changes (a step taken on the page changes its version).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is the reason to reload.
  useEffect(() => {
    let live = true;
    callApi(deskApi.marking, { number })
      .then((answer) => {
        if (live) setData(answer);
      })
      .catch((e) => {
        if (live) setLoadError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [number, version]);

  // A scan or a removal at a time (a second waits); the field takes the next code either way.
  const action = useAction(
    async (call: () => Promise<MarkingAnswer>, said: (a: MarkingAnswer) => string | null) => {
      setDone(null);
      try {
        const answer = await call();
        setData(answer);
        setDone(said(answer));
      } finally {
        field.current?.focus();
      }
    },
  );
  const busy = action.busy;
  const error = action.error ?? loadError;
  const { run } = action;
  const before = data?.marking.done ?? 0;
  const submit = useCallback(
    (raw: string) =>
      run(
        () => callApi(deskApi.markingAdd, { number }, { code: raw }),
        (answer) => {
          setCode('');
          const added = answer.marking.lines.find((l) => l.codes.length > 0 && answer.marking.done > before);
          return staffMessage('marking.added', locale, { name: added ? `${added.name}, ${added.size}` : '' });
        },
      ),
    [run, number, locale, before],
  );

  useEffect(() => {
    if (camera !== 'on') return;
    const Reader = barcodeReaderClass();
    if (!Reader || !navigator.mediaDevices?.getUserMedia) {
      setCamera('none');
      return;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    const reader = new Reader({ formats: ['data_matrix'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(async () => {
          if (!video.current || stopped) return;
          const [found] = await reader.detect(video.current).catch(() => []);
          if (found?.rawValue) {
            stopped = true;
            setCamera('off');
            void submit(found.rawValue);
          }
        }, 300);
      })
      .catch(() => setCamera('none'));
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [camera, submit]);

  function remove(id: number) {
    void run(
      () => callApi(deskApi.markingRemove, { number, id }),
      () => null,
    );
  }

  if (!data) return error ? <p role="alert">{error}</p> : null;
  const { marking, settlement } = data;
  if (marking.lines.length === 0 && !settlement) return null;
  const complete = marking.done >= marking.total || !marking.open;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit(code);
  }

  return (
    <section className="adm-card marking-panel" aria-labelledby="marking-title">
      {marking.lines.length > 0 ? (
        <>
          <h2 id="marking-title">{say('marking.title')}</h2>
          <p className={complete ? 'adm-ok' : 'adm-muted'} data-testid="marking-progress">
            {say('marking.progress', { done: marking.done, total: marking.total })}
          </p>
          <ul className="marking-lines">
            {marking.lines.map((line) => (
              <li key={line.id}>
                <strong>
                  {line.name}, {line.size}
                </strong>{' '}
                <span className="adm-muted">
                  {line.codes.length} / {line.count}
                </span>
                {line.codes.length > 0 ? (
                  <ul>
                    {line.codes.map((c) => (
                      <li key={c.id}>
                        <code className="marking-code">{displayMarkCode(c.code)}</code>{' '}
                        {marking.open ? (
                          <button
                            type="button"
                            className="adm-btn marking-remove"
                            disabled={busy}
                            onClick={() => remove(c.id)}
                          >
                            {say('marking.remove')}
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {complete ? null : (
            <form onSubmit={onSubmit} className="marking-form adm-field">
              <label htmlFor="mark-code">{say('marking.field')}</label>
              <div className="marking-row">
                <input
                  id="mark-code"
                  ref={field}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  inputMode="text"
                  aria-describedby="mark-code-hint"
                  aria-invalid={error ? true : undefined}
                  disabled={busy}
                />
                <button type="submit" className="adm-btn adm-btn--primary" disabled={busy || !code.trim()}>
                  {say('marking.add')}
                </button>
              </div>
              <p id="mark-code-hint" className="adm-muted">
                {say('marking.hint')}
              </p>
              <button
                type="button"
                className="adm-btn"
                onClick={() => setCamera(camera === 'on' ? 'off' : 'on')}
              >
                {camera === 'on' ? say('marking.camera_stop') : say('marking.camera')}
              </button>
              {camera === 'on' ? (
                <div className="marking-camera">
                  <video ref={video} muted playsInline aria-label={say('marking.camera_aim')} />
                  <p className="adm-muted">{say('marking.camera_aim')}</p>
                </div>
              ) : null}
              {camera === 'none' ? <p className="adm-muted">{say('marking.camera_none')}</p> : null}
            </form>
          )}
          {error ? (
            <p role="alert" className="adm-error">
              {error}
            </p>
          ) : null}
          {done ? <p role="status">{done}</p> : null}
        </>
      ) : null}
      {settlement ? (
        <div className="marking-settlement" data-testid="settlement-receipt">
          <h2>{say('settlement.title')}</h2>
          <p>
            {formatMoney(settlement.amount, locale)} —{' '}
            {settlement.status === 'sent'
              ? say('settlement.sent', {
                  at: settlement.sentAt ? formatDateTime(settlement.sentAt, locale) : '',
                })
              : say(`settlement.${settlement.status}`)}
          </p>
          {settlement.receipt ? (
            <details>
              <summary>{say('settlement.items')}</summary>
              <ol>
                {settlement.receipt.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's items have no other identity.
                  <li key={i}>
                    {item.name} × {item.quantity} — {formatMoney(item.amount, locale)}
                    {item.markCode ? (
                      <>
                        {' '}
                        <code className="marking-code">{displayMarkCode(item.markCode)}</code>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
