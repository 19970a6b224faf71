import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScan } from './scanner';

const JAN = '4765759862588';

/** What the stand-in camera shows: a barcode, or nothing. */
let inView: string | null = null;

/** How long reading one picture takes: a slow phone's WebAssembly reader takes seconds. */
let readingMs = 0;

class StandInDetector {
  static getSupportedFormats = async () => ['ean_13'];
  async detect() {
    const showing = inView;
    if (readingMs) await new Promise((resolve) => setTimeout(resolve, readingMs));
    return showing ? [{ rawValue: showing }] : [];
  }
}

function standInVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  Object.defineProperty(video, 'readyState', { value: 4 });
  // The stand-in camera's stream is no MediaStream: the element takes it as a camera's.
  Object.defineProperty(video, 'srcObject', { value: null, writable: true });
  video.play = async () => {};
  return video;
}

describe('scanning with the camera', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    inView = null;
    readingMs = 0;
    vi.stubGlobal('BarcodeDetector', StandInDetector);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: async () => ({ getTracks: () => [] }) },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts a barcode once however long it stays in view, and again once it was taken away and shown again', async () => {
    const read: string[] = [];
    const started = await startScan(standInVideo(), (code) => read.push(code));
    if (!('scan' in started)) throw new Error(`the scan did not start: ${started.failed}`);

    inView = JAN;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read, 'ten seconds in view are one scan').toEqual([JAN]);

    inView = null;
    await vi.advanceTimersByTimeAsync(500);
    inView = JAN;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read, 'out of the picture for a moment: still the same scan').toEqual([JAN]);

    inView = null;
    await vi.advanceTimersByTimeAsync(3_000);
    inView = JAN;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read, 'taken away and shown again: a second scan').toEqual([JAN, JAN]);

    started.scan.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveLength(2);
  });

  it('counts a barcode in view once also when reading each picture takes longer than the pause between two scans', async () => {
    readingMs = 3_000;
    const read: string[] = [];
    const started = await startScan(standInVideo(), (code) => read.push(code));
    if (!('scan' in started)) throw new Error(`the scan did not start: ${started.failed}`);
    inView = JAN;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(read).toEqual([JAN]);
    started.scan.stop();
  });
});
