import { MAX_ORDER_LINES } from '@kanna/shared/domain/limits';
import { says } from '@kanna/shared/domain/messages';
import { formatMoney } from '@kanna/shared/domain/money';
import { codeKey } from '@kanna/shared/domain/product-codes';
import {
  decodeOrderFile,
  ORDER_FILE_MAX_BYTES,
  ORDER_FILE_MAX_MEGABYTES,
  parseOrderText,
  QUICK_ORDER_MAX_ROWS,
  readQuantity,
} from '@kanna/shared/domain/quick-order';
import type { Translation } from '@kanna/shared/domain/translation';
import type { ResolvedRow } from '@kanna/shared/quick-order';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { useSaveList } from '../../../api/save-list';
import { FormAlert } from '../../../components/ui/form-alert';
import { SaveListForm } from '../../../components/ui/save-list-form';
import { addToCart } from '../../../lib/cart';
import { useTexts } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { useSay } from '../../../lib/say';
import { resolveRows } from '../api/resolve-rows';
import { quickOrderTexts } from '../i18n';
import type en from '../i18n/en';
import type { Scan } from '../scanner';

/** One row as the buyer typed it. */
type Row = { id: number; code: string; quantity: string };
/** What the server said about a code at a quantity, or that it could not be asked. */
type Answer = ResolvedRow | 'failed';

const RESOLVE_DELAY_MS = 350;

let nextId = 1;
const newRow = (code = '', quantity = ''): Row => ({ id: nextId++, code, quantity });

/** The rows with one empty row at the end to type into (up to the limit). */
const withTrailing = (rows: Row[]): Row[] => {
  const last = rows.at(-1);
  if (rows.length >= QUICK_ORDER_MAX_ROWS || (last && !last.code.trim() && !last.quantity.trim()))
    return rows;
  return [...rows, newRow()];
};

/** The key an answer is kept under: the code as compared, and the quantity asked. */
const answerKey = (code: string, quantity: number | null) => `${codeKey(code)}\u0000${quantity ?? ''}`;

/** What a row asks: its code (normal form) and quantity (none: the minimum), or the quantity's problem. */
const askedOf = (row: Row) => {
  const { quantity, problem } = readQuantity(row.quantity);
  return { code: row.code.normalize('NFKC').trim(), quantity, problem };
};

/** Which tools and how many the ready rows come to, each tool once (its quantities added). */
function linesOf(
  rows: Row[],
  answerOf: (row: Row) => Answer | undefined,
): { toolId: string; quantity: number }[] {
  const lines = new Map<string, number>();
  for (const row of rows) {
    const answer = answerOf(row);
    if (typeof answer !== 'object' || !answer.toolId || answer.problem || answer.quantity === undefined)
      continue;
    lines.set(answer.toolId, (lines.get(answer.toolId) ?? 0) + answer.quantity);
  }
  return [...lines].map(([toolId, quantity]) => ({ toolId, quantity }));
}

/**
 * /quickOrder (signed in): rows of a code (SKU or JAN) and a quantity, typed (Enter goes to the
 * next row), pasted from a spreadsheet, read from a CSV file or scanned with the camera; each row
 * is checked by the server after a pause in typing (its tool, today's unit price at that quantity,
 * its problem in the page's language), then every row goes into the cart in one step.
 */
export function QuickOrderPage() {
  const t = useTexts(quickOrderTexts);
  const say = useSay();
  usePageMeta(t.title, t.description);
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [answers, setAnswers] = useState<ReadonlyMap<string, Answer>>(new Map());
  const [notice, setNotice] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [cartProblem, setCartProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const baseId = useId();

  const change = useCallback(
    (next: (rows: Row[]) => Row[]) => setRows((rows) => withTrailing(next(rows))),
    [],
  );

  const answerOf = (row: Row): Answer | undefined => {
    const asked = askedOf(row);
    return asked.code && !asked.problem ? answers.get(answerKey(asked.code, asked.quantity)) : undefined;
  };

  // The rows not answered yet are sent after a pause in typing, each code and quantity once;
  // an answer is kept by code and quantity, so a request already sent is never asked again.
  const asking = useRef(new Set<string>());
  useEffect(() => {
    const wanted = new Map<string, { code: string; quantity: number | null }>();
    for (const row of rows) {
      const asked = askedOf(row);
      if (!asked.code || asked.problem) continue;
      const key = answerKey(asked.code, asked.quantity);
      if (!answers.has(key) && !asking.current.has(key))
        wanted.set(key, { code: asked.code, quantity: asked.quantity });
    }
    if (wanted.size === 0) return;
    const timer = setTimeout(() => {
      const keys = [...wanted.keys()];
      for (const key of keys) asking.current.add(key);
      const done = () => {
        for (const key of keys) asking.current.delete(key);
      };
      resolveRows([...wanted.values()]).then(
        (resolved) => {
          done();
          setAnswers((now) => new Map([...now, ...resolved.map((r, i) => [keys[i] ?? '', r] as const)]));
        },
        () => {
          done();
          setAnswers((now) => new Map([...now, ...keys.map((k) => [k, 'failed'] as const)]));
        },
      );
    }, RESOLVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [rows, answers]);

  useEffect(() => {
    if (!focusNext) return;
    inputs.current.get(focusNext)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const setField = (id: number, field: 'code' | 'quantity', value: string) =>
    change((rows) => rows.map((r) => (r.id === id ? { ...r, [field]: value } : r)));

  const remove = (id: number) => {
    const index = rows.findIndex((r) => r.id === id);
    change((rows) => rows.filter((r) => r.id !== id));
    const neighbour = rows[index + 1] ?? rows[index - 1];
    if (neighbour) setFocusNext(`code-${neighbour.id}`);
  };

  /** Enter moves to the next row's code (a new row when this is the last). */
  const onEnter = (event: KeyboardEvent<HTMLInputElement>, id: number) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const index = rows.findIndex((r) => r.id === id);
    const next = rows[index + 1];
    if (next) setFocusNext(`code-${next.id}`);
    else if (rows.length < QUICK_ORDER_MAX_ROWS) {
      const added = newRow();
      setRows((rows) => [...rows, added]);
      setFocusNext(`code-${added.id}`);
    }
  };

  /** Rows read from text (pasted, or a file's) take the place of row `at` and follow it. */
  const insertRows = (text: string, at: number): number => {
    const parsed = parseOrderText(text);
    const added = parsed.rows.map((r) => newRow(r.code, r.quantityText));
    let kept = 0;
    change((rows) => {
      const before = rows.slice(0, at);
      const after = rows.slice(at + 1).filter((r) => r.code.trim() || r.quantity.trim());
      const room = QUICK_ORDER_MAX_ROWS - before.length - after.length;
      kept = Math.max(0, Math.min(room, added.length));
      return [...before, ...added.slice(0, kept), ...after];
    });
    const problem =
      parsed.problem ?? (added.length > kept ? says.quickOrderTooManyRows(QUICK_ORDER_MAX_ROWS) : null);
    setFileProblem(problem ? say(problem) : null);
    return Math.min(added.length, kept || added.length);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, id: number) => {
    const text = event.clipboardData.getData('text');
    if (!/[\t\r\n]/.test(text.trim())) return; // One value: pasted into the field as usual.
    event.preventDefault();
    const count = insertRows(
      text,
      rows.findIndex((r) => r.id === id),
    );
    setNotice(t.pasted(count));
  };

  const onFile = async (file: File) => {
    setFileProblem(null);
    if (file.size > ORDER_FILE_MAX_BYTES) {
      setFileProblem(say(says.fileTooLarge(ORDER_FILE_MAX_MEGABYTES)));
      return;
    }
    const decoded = decodeOrderFile(new Uint8Array(await file.arrayBuffer()));
    if ('problem' in decoded) {
      setFileProblem(say(decoded.problem));
      return;
    }
    const firstEmpty = rows.findIndex((r) => !r.code.trim() && !r.quantity.trim());
    const count = insertRows(decoded.text, firstEmpty === -1 ? rows.length : firstEmpty);
    setNotice(t.fileRead(count, file.name));
  };

  const filled = rows.filter((r) => r.code.trim() || r.quantity.trim());
  const problemOf = (row: Row): string | null => {
    const asked = askedOf(row);
    if (!asked.code) return row.quantity.trim() ? say(says.codeMissing) : null;
    if (asked.problem) return say(asked.problem);
    const answer = answerOf(row);
    if (answer === 'failed') return t.couldNotCheck;
    return typeof answer === 'object' ? (answer.problem ?? null) : null;
  };
  const problems = filled.filter((r) => problemOf(r) !== null).length;
  // Rows asked of the server and not answered yet (a row with a problem of its own is not asked).
  const pending = filled.some((r) => {
    const asked = askedOf(r);
    return asked.code !== '' && !asked.problem && answerOf(r) === undefined;
  });
  const lines = linesOf(filled, answerOf);
  const ready = filled.filter((r) => {
    const answer = answerOf(r);
    return typeof answer === 'object' && answer.toolId && problemOf(r) === null;
  }).length;
  const blocked = filled.length === 0 || problems > 0 || pending || lines.length === 0;

  const addAll = async () => {
    setCartProblem(null);
    if (lines.length > MAX_ORDER_LINES) {
      setCartProblem(say(says.cartWouldBeFull(MAX_ORDER_LINES)));
      return;
    }
    setAdding(true);
    try {
      const result = await addToCart(lines);
      if (result === 'full') {
        setCartProblem(t.cartFull);
        return;
      }
      navigate('/cart');
    } finally {
      setAdding(false);
    }
  };

  const retryFailed = () => setAnswers((now) => new Map([...now].filter(([, v]) => v !== 'failed')));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-base-content/80">{t.intro}</p>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <label className="btn btn-outline">
          {t.uploadCsv}
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void onFile(file);
            }}
          />
        </label>
        {filled.length > 0 && (
          <button type="button" className="btn btn-ghost" onClick={() => setRows([newRow()])}>
            {t.clearRows}
          </button>
        )}
        <Scanner
          onCode={(code) => {
            change((rows) => {
              const kept = rows.filter((r) => r.code.trim() || r.quantity.trim());
              return [...kept, newRow(code, '')];
            });
          }}
        />
      </div>
      <p className="mt-2 text-sm text-base-content/70">{t.uploadHint}</p>
      {fileProblem && <FormAlert className="mt-3">{fileProblem}</FormAlert>}
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>

      <ol className="mt-6 flex flex-col gap-2" aria-label={t.title}>
        {rows.map((row, index) => {
          const number = index + 1;
          const problem = problemOf(row);
          const answer = answerOf(row);
          const resultId = `${baseId}-result-${row.id}`;
          const found = typeof answer === 'object' ? answer : null;
          return (
            <li
              key={row.id}
              data-testid="quick-order-row"
              className={`rounded-box border p-3 ${problem ? 'border-error/60 bg-error/5' : 'border-base-300'}`}
            >
              <div className="flex items-end gap-2">
                <span className="w-6 shrink-0 pb-3 text-sm text-base-content/70" aria-hidden="true">
                  {number}
                </span>
                <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                  <span className={index === 0 ? '' : 'sr-only'}>{t.code}</span>
                  <input
                    ref={(el) => {
                      if (el) inputs.current.set(`code-${row.id}`, el);
                      else inputs.current.delete(`code-${row.id}`);
                    }}
                    className="input input-bordered w-full font-mono"
                    value={row.code}
                    aria-label={t.codeOfRow(number)}
                    aria-describedby={resultId}
                    aria-invalid={problem ? true : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    enterKeyHint="next"
                    onChange={(e) => setField(row.id, 'code', e.target.value)}
                    onKeyDown={(e) => onEnter(e, row.id)}
                    onPaste={(e) => onPaste(e, row.id)}
                  />
                </label>
                <label className="flex w-20 shrink-0 flex-col gap-1 text-sm sm:w-28">
                  <span className={index === 0 ? '' : 'sr-only'}>{t.quantity}</span>
                  <input
                    className="input input-bordered w-full"
                    value={row.quantity}
                    inputMode="numeric"
                    aria-label={t.quantityOfRow(number)}
                    aria-describedby={resultId}
                    aria-invalid={problem ? true : undefined}
                    autoComplete="off"
                    enterKeyHint="next"
                    placeholder={found?.minQuantity ? String(found.minQuantity) : ''}
                    onChange={(e) => setField(row.id, 'quantity', e.target.value)}
                    onKeyDown={(e) => onEnter(e, row.id)}
                    onPaste={(e) => onPaste(e, row.id)}
                  />
                </label>
                {(row.code || row.quantity) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-square shrink-0"
                    aria-label={t.removeRow(number)}
                    onClick={() => remove(row.id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                )}
              </div>
              <output id={resultId} aria-live="polite" className="mt-1 block pl-8 text-sm">
                {row.code.trim() ? (
                  <RowResult
                    answer={answer}
                    problem={problem}
                    quantityTyped={row.quantity.trim() !== ''}
                    texts={t}
                  />
                ) : (
                  problem && <span className="font-medium text-error">{problem}</span>
                )}
              </output>
            </li>
          );
        })}
      </ol>
      {rows.length >= QUICK_ORDER_MAX_ROWS && (
        <p className="mt-2 text-sm text-base-content/70">{t.tooManyRows(QUICK_ORDER_MAX_ROWS)}</p>
      )}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p aria-live="polite" className="text-sm" data-testid="quick-order-summary">
          {filled.length > 0 && !pending && t.summary(ready, problems)}
          {problems > 0 && <span className="block font-medium text-error">{t.fixProblems}</span>}
          {filled.some((r) => answerOf(r) === 'failed') && (
            <button type="button" className="btn btn-link btn-sm px-0" onClick={retryFailed}>
              {t.retry}
            </button>
          )}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={blocked || adding}
          onClick={() => void addAll()}
        >
          {adding ? t.adding : t.addAllToCart}
        </button>
      </div>
      {cartProblem && <FormAlert className="mt-3">{cartProblem}</FormAlert>}
      <SaveAsList lines={lines} disabled={blocked} />
    </div>
  );
}

type Texts = Translation<typeof en>;

/** What a row came to: its tool, unit price and total, or its problem. */
function RowResult({
  answer,
  problem,
  quantityTyped,
  texts: t,
}: {
  answer: Answer | undefined;
  problem: string | null;
  quantityTyped: boolean;
  texts: Texts;
}) {
  if (answer === undefined && !problem) return <span className="text-base-content/60">{t.checking}</span>;
  const found = typeof answer === 'object' ? answer : null;
  return (
    <span className="flex flex-wrap gap-x-3">
      {found?.productName && <span className="font-medium">{found.productName}</span>}
      {found?.unitPrice !== undefined && found.quantity !== undefined && (
        <span>
          {quantityTyped ? found.quantity : t.minimumMeant(found.quantity)} × {formatMoney(found.unitPrice)} ={' '}
          {formatMoney(found.totalPrice ?? 0)}
        </span>
      )}
      {problem && <span className="font-medium text-error">{problem}</span>}
    </span>
  );
}

/** Saves the ready rows as a list (定番リスト), to order again later. */
function SaveAsList({
  lines,
  disabled,
}: {
  lines: { toolId: string; quantity: number }[];
  disabled: boolean;
}) {
  const t = useTexts(quickOrderTexts);
  const save = useSaveList();
  return (
    <SaveListForm
      className="mt-8 border-t border-base-300 pt-6"
      button={t.saveAsList}
      disabled={disabled}
      pending={save.isPending}
      error={save.error}
      save={(name, saved) => save.mutate({ name, lines }, { onSuccess: saved })}
    />
  );
}

/**
 * The camera scanner: its code (scanner.ts) is loaded when the button is pressed, never before.
 * Each code read becomes a row; a beep and a vibration say it was read, and an unknown code is said.
 */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const t = useTexts(quickOrderTexts);
  const [scanning, setScanning] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const running = useRef<Scan | null>(null);
  const codeRef = useRef(onCode);
  codeRef.current = onCode;

  useEffect(() => {
    if (!scanning) return;
    let cancelled = false;
    void import('../scanner').then(async ({ startScan, signalScan }) => {
      if (cancelled || !video.current) return;
      const started = await startScan(video.current, (code) => {
        signalScan();
        codeRef.current(code);
        setStatus(t.scanned(code));
        resolveRows([{ code, quantity: null }]).then(
          ([answer]) => {
            if (answer && !answer.toolId) setStatus(t.scanUnknown(code));
          },
          () => {},
        );
      });
      if ('failed' in started) {
        setProblem(started.failed === 'unsupported' ? t.scannerUnsupported : t.cameraRefused);
        setScanning(false);
        return;
      }
      if (cancelled) started.scan.stop();
      else running.current = started.scan;
    });
    return () => {
      cancelled = true;
      running.current?.stop();
      running.current = null;
    };
  }, [scanning, t]);

  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        aria-pressed={scanning}
        onClick={() => {
          setProblem(null);
          setStatus('');
          setScanning((s) => !s);
        }}
      >
        {scanning ? t.stopScan : t.scan}
      </button>
      {scanning && (
        <div className="w-full">
          <p className="text-sm">{t.scanning}</p>
          {/* biome-ignore lint/a11y/useMediaCaption: a live camera view, no speech to caption */}
          <video
            ref={video}
            aria-label={t.cameraView}
            className="mt-2 aspect-video w-full max-w-md rounded-box bg-black"
          />
        </div>
      )}
      <p className="w-full text-sm font-medium" aria-live="assertive" data-testid="scan-status">
        {status}
      </p>
      {problem && <FormAlert className="w-full">{problem}</FormAlert>}
    </>
  );
}
