/**
 * Reading JAN (EAN-13) barcodes with the phone's camera, loaded only when the buyer presses
 * "Scan barcodes" (a dynamic import of this module). The browser's own `BarcodeDetector` reads
 * the codes where there is one (Chrome on Android); elsewhere (Safari, Firefox) the
 * `barcode-detector` library does the same with ZXing compiled to WebAssembly, both loaded only
 * then, the `.wasm` file from the shop itself, never from a CDN (decision 0055).
 */

type DetectedBarcode = { rawValue: string };
type Detector = { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };
type DetectorClass = (new (options: {
  formats: string[];
}) => Detector) & {
  getSupportedFormats?(): Promise<string[]>;
};

/**
 * A reader of EAN-13: the browser's `BarcodeDetector` when it reads them, else the library's
 * (loaded now, its `.wasm` served by the shop as a build asset).
 */
async function newDetector(): Promise<Detector> {
  const own = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats = (await own?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (own && formats.includes('ean_13')) return new own({ formats: ['ean_13'] });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasm }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ['ean_13'] });
}

/** A running scan: stop it to release the camera. */
export type Scan = { stop(): void };

export type ScanStart = { scan: Scan } | { failed: 'unsupported' | 'camera' };

/**
 * A code is the same scan while it stays in view: seen by the read before (however long reading
 * a picture takes on a slow phone), or seen again less than this after it was last seen (it was
 * out of the picture for a moment). To count it again, the buyer takes it out of view this long.
 */
const SAME_SCAN_MS = 2000;
const EVERY_MS = 200;

/** A short beep and a vibration: the buyer hears and feels each code read. */
export function signalScan(): void {
  try {
    navigator.vibrate?.(80);
  } catch {
    // Some browsers refuse vibration without a gesture: the beep is enough.
  }
  try {
    const Audio = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
    if (!Audio) return;
    const context = new Audio();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 1760;
    gain.gain.value = 0.1;
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.08);
    tone.onended = () => void context.close();
  } catch {
    // No sound where audio is not allowed.
  }
}

/**
 * Starts the back camera in `video` and reads EAN-13 barcodes from it continuously: each code
 * read (once while it stays in view) goes to `onCode`.
 */
export async function startScan(video: HTMLVideoElement, onCode: (code: string) => void): Promise<ScanStart> {
  if (!navigator.mediaDevices?.getUserMedia) return { failed: 'unsupported' };
  let detector: Detector;
  try {
    detector = await newDetector();
  } catch {
    return { failed: 'unsupported' };
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
  } catch {
    return { failed: 'camera' };
  }
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play().catch(() => {});
  let stopped = false;
  let last = { code: '', at: 0 };
  let inView = new Set<string>();
  let busy = false;
  const timer = setInterval(() => {
    if (stopped || busy || video.readyState < 2) return;
    busy = true;
    const at = Date.now();
    detector
      .detect(video)
      .then((found) => {
        const codes = found.map(({ rawValue }) => rawValue.trim()).filter(Boolean);
        for (const code of codes) {
          const sameScan = inView.has(code) || (code === last.code && at - last.at < SAME_SCAN_MS);
          last = { code, at };
          if (!sameScan && !stopped) onCode(code);
        }
        inView = new Set(codes);
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, EVERY_MS);
  return {
    scan: {
      stop() {
        stopped = true;
        clearInterval(timer);
        for (const track of stream.getTracks()) track.stop();
        video.srcObject = null;
      },
    },
  };
}
