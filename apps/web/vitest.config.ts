import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.tsx'],
    // One happy-dom and one React per worker thread instead of per file (setting them up again
    // was most of the project's time); every file still gets its own copy of the app's modules,
    // so vi.mock applies, and nothing a previous file stubbed (src/test/fresh-modules.ts).
    pool: 'threads',
    isolate: false,
    setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
  },
});
