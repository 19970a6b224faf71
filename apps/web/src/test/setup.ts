import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadTexts } from '../lib/i18n';

// Every text the file's modules declared, in both languages (lib/i18n.ts), before it renders
// anything: in the app, main.tsx and each lazy chunk's load do this.
beforeAll(() => loadTexts());

// Testing Library cleans up by itself only when Vitest globals are on; they are not here.
afterEach(() => {
  cleanup();
});
