/**
 * Debian's Chromium, as these machines run it (a browser download from the test tool fails here):
 * headless as root, with the background services that would call out to the network turned off.
 */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
