// Debian's Chromium and the flags it needs on these machines (docs/testing.md, "Pitfalls on these machines"): without the
// background-networking flags it keeps dialling hosts the closed network refuses.
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
